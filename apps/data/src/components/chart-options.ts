// ECharts options of the page's charts, as pure functions (tested without a canvas). The bar chart is
// registered here, in this page's lazy chunk; the shared EChart registers only lines.
echarts.use([BarChart]);
import { BarChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import type { DataDay, DataFigures } from '@scrm/contracts/data';
import { FIGURE_COLOR, dayLinesOption } from '@scrm/web-parts';
import { T } from '../texts';

/** The four daily series: field, legend and colour. */
export const LINES = [
  { field: 'adds', name: T.cards.adds, color: FIGURE_COLOR.adds },
  { field: 'lostByMember', name: T.cards.lostByMember, color: FIGURE_COLOR.lostByMember },
  { field: 'lostByCustomer', name: T.cards.lostByCustomer, color: FIGURE_COLOR.lostByCustomer },
  { field: 'net', name: T.cards.net, color: FIGURE_COLOR.net },
] as const satisfies readonly { field: keyof DataFigures; name: string; color: string }[];

export const lineOption = (list: readonly DataDay[]) => dayLinesOption(list, LINES);

/** Horizontal bars of adds and both deletions, the first row on top. */
export function barOption(rows: ReadonlyArray<{ name: string } & DataFigures>) {
  const shown = [...rows].reverse();
  const bars = LINES.filter((l) => l.field !== 'net');
  return {
    color: bars.map((b) => b.color),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
    grid: { top: 32, left: 8, right: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    yAxis: { type: 'category', data: shown.map((r) => r.name), axisLabel: { width: 96, overflow: 'truncate' } },
    series: bars.map((b) => ({ name: b.name, type: 'bar', barMaxWidth: 14, data: shown.map((r) => r[b.field]) })),
  };
}

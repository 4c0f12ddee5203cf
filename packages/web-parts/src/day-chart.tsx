// Daily adds and losses of a code (or all codes) as an ECharts line chart that follows its container's width.
import { useEffect, useRef } from 'react';
import { Empty, Flex, Spin } from 'antd';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { DayFigures } from '@scrm/contracts/contact-way';
import { T } from './texts';

// Only what a line chart needs, so a sub-app bundles a fraction of ECharts. SVG: crisp at any zoom, and
// a few dozen points per series cost nothing.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type ChartOption = echarts.ComposeOption<LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** The four series: field, legend name and colour. */
export const DAY_SERIES = [
  { field: 'adds', name: T.chart.adds, color: '#1677ff' },
  { field: 'net', name: T.chart.net, color: '#52c41a' },
  { field: 'lostByCustomer', name: T.chart.lostByCustomer, color: '#fa8c16' },
  { field: 'lostByMember', name: T.chart.lostByMember, color: '#ff4d4f' },
] as const satisfies readonly { field: keyof DayFigures; name: string; color: string }[];

/** The chart's option for `list` (exported for tests and for pages that print it). */
export function dayChartOption(list: readonly DayFigures[]): ChartOption {
  return {
    color: DAY_SERIES.map((s) => s.color),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
    grid: { top: 40, left: 8, right: 16, bottom: 8 },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: list.map((d) => d.date),
      // 'MM-DD' on the axis; the tooltip shows the full date.
      axisLabel: { formatter: (v: string) => v.slice(5) },
    },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: DAY_SERIES.map((s) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      // Smoothing must not dip a curve of counts below zero.
      smoothMonotone: 'x',
      showSymbol: list.length <= 31,
      symbolSize: 5,
      data: list.map((d) => d[s.field]),
    })),
  };
}

export interface DayChartProps {
  list: readonly DayFigures[] | undefined;
  loading?: boolean;
  /** px, default 320. */
  height?: number;
}

/** Line chart of 添加 / 净增 / 被删除 / 主动删除 per day; empty state when there are no days. */
export function DayChart({ list, loading, height = 320 }: DayChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const empty = !list?.length;

  useEffect(() => {
    const el = box.current;
    if (!el || empty) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [empty]);

  useEffect(() => {
    if (list?.length) chart.current?.setOption(dayChartOption(list), { notMerge: true });
  }, [list, empty]);

  if (loading && empty) {
    return (
      <Flex align="center" justify="center" style={{ height }} data-testid="day-chart-loading">
        <Spin />
      </Flex>
    );
  }
  if (empty) {
    return (
      <Flex align="center" justify="center" style={{ height }} data-testid="day-chart-empty">
        <Empty description={T.chart.empty} />
      </Flex>
    );
  }
  return (
    <Spin spinning={Boolean(loading)}>
      <div ref={box} style={{ width: '100%', height }} data-testid="day-chart" />
    </Spin>
  );
}

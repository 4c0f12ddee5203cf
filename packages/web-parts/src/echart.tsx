// An ECharts chart that follows its container's width and shows `option` as it changes. Only line
// charts are registered here (what the code pages draw); a page that needs more registers it
// (`echarts.use([BarChart])`) in its own lazy chunk. SVG: crisp at any zoom, and a few dozen points per
// series cost nothing.
import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface EChartProps {
  option: echarts.EChartsCoreOption;
  /** px. */
  height: number;
  'data-testid'?: string;
}

export function EChart({ option, height, ...rest }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ width: '100%', height }} data-testid={rest['data-testid']} />;
}

/** One colour per customer figure wherever it is drawn (the code pages' chart, the data centre's lines and bars). */
export const FIGURE_COLOR = { adds: '#1677ff', net: '#52c41a', lostByCustomer: '#fa8c16', lostByMember: '#ff4d4f' } as const;

/** One smooth line per series over days ('YYYY-MM-DD', shown 'MM-DD' on the axis, in full in the tooltip). */
export function dayLinesOption<Row extends { date: string }>(
  list: readonly Row[],
  series: ReadonlyArray<{ field: keyof Row; name: string; color: string }>,
) {
  return {
    color: series.map((s) => s.color),
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0, icon: 'roundRect' as const, itemWidth: 12, itemHeight: 8 },
    grid: { top: 40, left: 8, right: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category' as const, boundaryGap: false, data: list.map((d) => d.date), axisLabel: { formatter: (v: string) => v.slice(5) } },
    yAxis: { type: 'value' as const, minInterval: 1, splitLine: { lineStyle: { type: 'dashed' as const } } },
    series: series.map((s) => ({
      name: s.name,
      type: 'line' as const,
      smooth: true,
      // Smoothing must not dip a curve of counts below zero.
      smoothMonotone: 'x' as const,
      showSymbol: list.length <= 31,
      symbolSize: 5,
      data: list.map((d) => d[s.field] as number),
    })),
  };
}


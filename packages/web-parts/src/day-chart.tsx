// Daily adds and losses of a code (or all codes) as an ECharts line chart that follows its container's width.
import { useMemo } from 'react';
import { Empty, Flex, Spin } from 'antd';
import type { DayFigures } from '@scrm/contracts/contact-way';
import { EChart, FIGURE_COLOR, dayLinesOption } from './echart';
import { T } from './texts';

/** The four series: field, legend name and colour. */
export const DAY_SERIES = [
  { field: 'adds', name: T.chart.adds, color: FIGURE_COLOR.adds },
  { field: 'net', name: T.chart.net, color: FIGURE_COLOR.net },
  { field: 'lostByCustomer', name: T.chart.lostByCustomer, color: FIGURE_COLOR.lostByCustomer },
  { field: 'lostByMember', name: T.chart.lostByMember, color: FIGURE_COLOR.lostByMember },
] as const satisfies readonly { field: keyof DayFigures; name: string; color: string }[];

/** The chart's option for `list` (exported for tests and for pages that print it). */
export function dayChartOption(list: readonly DayFigures[]) {
  return dayLinesOption(list, DAY_SERIES);
}

export interface DayChartProps {
  list: readonly DayFigures[] | undefined;
  loading?: boolean;
  /** px, default 320. */
  height?: number;
}

/** Line chart of 添加 / 净增 / 被删除 / 主动删除 per day; empty state when there are no days. */
export function DayChart({ list, loading, height = 320 }: DayChartProps) {
  const empty = !list?.length;
  const option = useMemo(() => dayChartOption(list ?? []), [list]);

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
      <EChart option={option} height={height} data-testid="day-chart" />
    </Spin>
  );
}

// 每日数据 of a code or batch: a range (the last 7 days first), the range's totals and the daily chart.
import { useState } from 'react';
import { Card, Flex } from 'antd';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { DaySeries } from '@scrm/contracts/contact-way';
import { DateRangeFilter, lastDays, type DateRange } from './date-range-filter';
import { DayChart } from './day-chart';
import { DaySummary } from './day-summary';
import { LoadAlert } from './load-alert';

/** The server's longest figure range. */
const MAX_DAYS = 366;

export interface DayTrendCardProps<K extends QueryKey> {
  title: string;
  /** The api file's `queryOptions` of one range (its key names the work space). */
  rangeQuery: (range: DateRange) => UseQueryOptions<DaySeries, Error, DaySeries, K>;
  refetchInterval: number;
  'data-testid'?: string;
}

export function DayTrendCard<K extends QueryKey>({ title, rangeQuery, refetchInterval, 'data-testid': testId }: DayTrendCardProps<K>) {
  const [range, setRange] = useState<DateRange>(() => lastDays(7));
  const series = useQuery({ ...rangeQuery(range), placeholderData: keepPreviousData, refetchInterval });
  return (
    <Card variant="borderless" title={title} extra={<DateRangeFilter value={range} onChange={setRange} maxDays={MAX_DAYS} />} data-testid={testId}>
      {series.isError && !series.data ? (
        <LoadAlert error={series.error} onRetry={() => series.refetch()} small />
      ) : (
        <Flex vertical gap={16}>
          <DaySummary total={series.data?.total} loading={series.isPending} />
          <DayChart list={series.data?.list} loading={series.isFetching} />
        </Flex>
      )}
    </Card>
  );
}

// 每日数据 of a code or batch: a range (the last 7 days first), the range's totals and the daily chart.
import { useState } from 'react';
import { Alert, Button, Card, Flex } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DaySeries } from '@scrm/contracts/contact-way';
import { DateRangeFilter, lastDays, type DateRange } from './date-range-filter';
import { DayChart } from './day-chart';
import { DaySummary } from './day-summary';
import { T } from './texts';

/** The server's longest figure range. */
const MAX_DAYS = 366;

export interface DayTrendCardProps {
  title: string;
  /** The query of one range (its key names the work space). */
  queryKey: (range: DateRange) => readonly unknown[];
  fetch: (range: DateRange) => Promise<DaySeries>;
  refetchInterval: number;
  'data-testid'?: string;
}

export function DayTrendCard({ title, queryKey, fetch, refetchInterval, 'data-testid': testId }: DayTrendCardProps) {
  const [range, setRange] = useState<DateRange>(() => lastDays(7));
  const series = useQuery({ queryKey: queryKey(range), queryFn: () => fetch(range), placeholderData: keepPreviousData, refetchInterval });
  return (
    <Card variant="borderless" title={title} extra={<DateRangeFilter value={range} onChange={setRange} maxDays={MAX_DAYS} />} data-testid={testId}>
      {series.isError && !series.data ? (
        <Alert type="error" showIcon title={T.loadFailed} description={series.error.message} action={<Button size="small" onClick={() => series.refetch()}>{T.retry}</Button>} />
      ) : (
        <Flex vertical gap={16}>
          <DaySummary total={series.data?.total} loading={series.isPending} />
          <DayChart list={series.data?.list} loading={series.isFetching} />
        </Flex>
      )}
    </Card>
  );
}

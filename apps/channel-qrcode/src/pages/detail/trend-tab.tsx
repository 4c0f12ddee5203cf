// 数据趋势: the range's totals and the daily adds and losses as a chart.
import { Flex } from 'antd';
import { DayChart, DaySummary, LoadAlert, type DateRange } from '@scrm/web-parts';
import { useDaySeries } from '../../api/get-day-series';
import { REFRESH_MS } from '../../refresh';

export function TrendTab({ id, workId, range }: { id: number; workId: number; range: DateRange }) {
  const body = { id, ...range };
  const days = useDaySeries(workId, body, { refetchInterval: REFRESH_MS });
  if (days.isError && !days.data) {
    return <LoadAlert error={days.error} onRetry={() => days.refetch()} />;
  }
  return (
    <Flex vertical gap={16} data-testid="trend-tab">
      <DaySummary total={days.data?.total} loading={days.isPending} />
      <DayChart list={days.data?.list} loading={days.isFetching && !days.data} />
    </Flex>
  );
}

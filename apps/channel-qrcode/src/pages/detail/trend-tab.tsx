// 数据趋势: the range's totals and the daily adds and losses as a chart.
import { Alert, Button, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DayChart, DaySummary, type DateRange } from '@scrm/web-parts';
import { daySeriesKey, getDaySeries } from '../../api/get-day-series';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';

export function TrendTab({ id, workId, range }: { id: number; workId: number; range: DateRange }) {
  const body = { id, ...range };
  const days = useQuery({ queryKey: daySeriesKey(workId, body), queryFn: () => getDaySeries(body), refetchInterval: REFRESH_MS });
  if (days.isError && !days.data) {
    return <Alert type="error" showIcon title={T.loadFailed} description={days.error.message} action={<Button onClick={() => days.refetch()}>{T.retry}</Button>} />;
  }
  return (
    <Flex vertical gap={16} data-testid="trend-tab">
      <DaySummary total={days.data?.total} loading={days.isPending} />
      <DayChart list={days.data?.list} loading={days.isFetching && !days.data} />
    </Flex>
  );
}

// 客户留存: of the customers added each day, how many are still friends after 1, 7 and 30 days.
import { Flex, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { LoadAlert, RetentionTable, type DateRange } from '@scrm/web-parts';
import { useRetention } from '../../api/get-retention';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';

export function RetentionTab({ id, workId, range }: { id: number; workId: number; range: DateRange }) {
  const body = { id, ...range };
  const retention = useRetention(workId, body, { refetchInterval: REFRESH_MS });
  if (retention.isError && !retention.data) {
    return <LoadAlert error={retention.error} onRetry={() => retention.refetch()} />;
  }
  // Newest day first, as operators read a table.
  const list = retention.data ? [...retention.data.list].reverse() : undefined;
  return (
    <Flex vertical gap={12} data-testid="retention-tab">
      <Typography.Text type="secondary">
        <InfoCircleOutlined /> {T.retentionHint}
      </Typography.Text>
      <RetentionTable list={list} loading={retention.isPending} />
    </Flex>
  );
}

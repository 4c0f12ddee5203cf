// 数据概览 of one code: adds today / yesterday / in total, losses today, net in total.
import { Card, Flex, Statistic, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { Overview } from '@scrm/contracts/contact-way';
import { useOverview } from '../../api/get-overview';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';

const ITEMS: Array<{ field: keyof Overview; color?: string }> = [
  { field: 'addsToday', color: '#1677ff' },
  { field: 'addsYesterday' },
  { field: 'addsTotal' },
  { field: 'lostToday', color: '#fa8c16' },
  { field: 'netTotal', color: '#52c41a' },
];

export function OverviewCard({ id, workId }: { id: number; workId: number }) {
  const overview = useOverview(workId, id, { refetchInterval: REFRESH_MS });
  return (
    <Card variant="borderless" title={T.overview} data-testid="overview">
      <Flex gap={16}>
        {ITEMS.map(({ field, color }) => (
          <Card key={field} size="small" variant="borderless" style={{ flex: 1, background: '#fafafa' }} data-testid={`overview-${field}`}>
            <Statistic
              title={
                <Tooltip title={T.ovHint[field]}>
                  <span>
                    {T.ov[field as keyof typeof T.ov]} <QuestionCircleOutlined style={{ fontSize: 12, color: 'rgba(0,0,0,.3)' }} />
                  </span>
                </Tooltip>
              }
              value={overview.isError && !overview.data ? T.none : (overview.data?.[field] ?? 0)}
              loading={overview.isPending}
              styles={{ content: { color, fontWeight: 600 } }}
            />
          </Card>
        ))}
      </Flex>
    </Card>
  );
}

// Retention of the customers added each day: still friends after 1, 7 and 30 days.
import { Empty, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { RetentionRow } from '@scrm/contracts/contact-way';
import { T } from './texts';

/** 「kept (rate%)」 of a cell; 「—」 when it cannot be measured yet (or nobody was added). */
export function retentionText(kept: number | null, adds: number): string {
  if (kept === null) return '—';
  if (adds <= 0) return String(kept);
  return `${kept} (${((kept / adds) * 100).toFixed(1)}%)`;
}

const DAYS = [1, 7, 30] as const;

export interface RetentionTableProps {
  list: readonly RetentionRow[] | undefined;
  loading?: boolean;
}

/** Table of date, adds and 1/7/30-day retention as 「kept (rate%)」, with 「—」 until measurable. */
export function RetentionTable({ list, loading }: RetentionTableProps) {
  const columns: ColumnsType<RetentionRow> = [
    { title: T.retention.date, dataIndex: 'date', width: 140 },
    { title: T.retention.adds, dataIndex: 'adds', align: 'right' },
    ...DAYS.map((n) => ({
      key: `day${n}`,
      align: 'right' as const,
      title: (
        <Space size={4}>
          {T.retention.day(n)}
          <Tooltip title={T.retention.hint(n)}>
            <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,.45)' }} aria-label={T.retention.hint(n)} />
          </Tooltip>
        </Space>
      ),
      render: (_: unknown, row: RetentionRow) => {
        const kept = row[`day${n}`];
        return kept === null ? (
          <Tooltip title={T.retention.notYet}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ) : (
          retentionText(kept, row.adds)
        );
      },
    })),
  ];
  return (
    <Table<RetentionRow>
      data-testid="retention-table"
      rowKey="date"
      size="middle"
      columns={columns}
      dataSource={list ? [...list] : []}
      loading={loading}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <Empty description={T.retention.empty} /> }}
    />
  );
}

// 成员数据: each member's adds, losses and net over the range, and their adds day by day.
import { Empty, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DAY_MS, dayKey, dayOf } from '@scrm/contracts/china-time';
import type { MemberFigures } from '@scrm/contracts/contact-way';
import { daysIn, LoadAlert, type DateRange } from '@scrm/web-parts';
import { useMemberDays } from '../../api/get-member-days';
import { useMemberFigures } from '../../api/get-member-figures';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';

interface DayRow {
  date: string;
  total: number;
  [userid: string]: number | string;
}

/** Days of the range, newest first, with each member's adds (0 where none) and the day's total. */
export function pivotDays(range: DateRange, list: ReadonlyArray<{ date: string; userid: string; adds: number }>): DayRow[] {
  const rows: DayRow[] = [];
  const n = daysIn(range);
  const start = dayOf(range.start);
  for (let i = n - 1; i >= 0; i--) rows.push({ date: dayKey(start + i * DAY_MS), total: 0 });
  const byDate = new Map(rows.map((r) => [r.date, r]));
  for (const f of list) {
    const row = byDate.get(f.date);
    if (!row) continue;
    row[`u:${f.userid}`] = ((row[`u:${f.userid}`] as number | undefined) ?? 0) + f.adds;
    row.total += f.adds;
  }
  return rows;
}

export function MemberDataTab({ id, workId, range }: { id: number; workId: number; range: DateRange }) {
  const body = { id, ...range };
  const figures = useMemberFigures(workId, body, { refetchInterval: REFRESH_MS });
  const days = useMemberDays(workId, body, { refetchInterval: REFRESH_MS });

  const figureColumns: ColumnsType<MemberFigures> = [
    { title: T.fcol.member, dataIndex: 'name' },
    { title: T.fcol.adds, dataIndex: 'adds', align: 'right', sorter: (a, b) => a.adds - b.adds },
    { title: T.fcol.lostByCustomer, dataIndex: 'lostByCustomer', align: 'right', sorter: (a, b) => a.lostByCustomer - b.lostByCustomer },
    { title: T.fcol.lostByMember, dataIndex: 'lostByMember', align: 'right', sorter: (a, b) => a.lostByMember - b.lostByMember },
    { title: T.fcol.net, dataIndex: 'net', align: 'right', sorter: (a, b) => a.net - b.net, render: (v: number) => <span style={{ color: v < 0 ? '#ff4d4f' : undefined, fontWeight: 500 }}>{v}</span> },
  ];

  // One column per member who added anyone in the range, in the order of the summary.
  const people = new Map<string, string>();
  for (const f of figures.data?.list ?? []) if (f.adds > 0) people.set(f.userid, f.name);
  for (const d of days.data?.list ?? []) if (!people.has(d.userid)) people.set(d.userid, d.name);
  const dayColumns: ColumnsType<DayRow> = [
    { title: T.fcol.date, dataIndex: 'date', width: 120, fixed: 'left' },
    ...[...people].map(([userid, name]) => ({ title: name, key: userid, width: 100, align: 'right' as const, render: (_: unknown, r: DayRow) => (r[`u:${userid}`] as number | undefined) ?? 0 })),
    { title: T.fcol.total, dataIndex: 'total', width: 90, align: 'right', fixed: 'right', render: (v: number) => <strong>{v}</strong> },
  ];
  const failed = (figures.isError && !figures.data) || (days.isError && !days.data);

  if (failed) {
    return (
      <LoadAlert
        error={figures.error ?? days.error ?? undefined}
        onRetry={() => {
          void figures.refetch();
          void days.refetch();
        }}
      />
    );
  }
  return (
    <Flex vertical gap={24} data-testid="member-data-tab">
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {T.memberFigures}
        </Typography.Title>
        <Table<MemberFigures>
          data-testid="member-figures"
          rowKey="userid"
          size="middle"
          columns={figureColumns}
          dataSource={figures.data?.list ?? []}
          loading={figures.isPending}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.memberFiguresEmpty} /> }}
        />
      </div>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {T.memberDays}
        </Typography.Title>
        {days.data && !days.data.list.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.memberDaysEmpty} data-testid="member-days-empty" />
        ) : (
          <Table<DayRow>
            data-testid="member-days"
            rowKey="date"
            size="small"
            columns={dayColumns}
            dataSource={days.data ? pivotDays(range, days.data.list) : []}
            loading={days.isPending}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          />
        )}
      </div>
    </Flex>
  );
}

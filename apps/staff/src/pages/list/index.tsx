// 成员列表: the members of the chosen work space, filtered by department and keyword, paged on the server.
import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Empty, Flex, Input, Progress, Row, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { dayKey } from '@scrm/contracts/china-time';
import { LoadAlert, NoWorkSpace } from '@scrm/web-parts';
import { keepPreviousData } from '@tanstack/react-query';
import { MEMBER_STATUS_LABEL, type Member } from '@scrm/contracts/qw';
import { prefetchPageQuery, runAction, useStore, type PagePrefetch } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { departmentsQueryOptions, useDepartments } from '../../api/list-departments';
import { membersQueryOptions, useMembers } from '../../api/list-members';
import { syncMembers } from '../../api/sync-members';
import { T } from '../../texts';
import { ALL, DepartmentTree } from './department-tree';
import { MemberGroups } from './member-groups';

const STATUS_COLOR: Record<number, string> = { 1: 'success', 2: 'error', 4: 'default', 5: 'warning' };

/** The members' first page as the page opens (no filter). */
const FIRST_PAGE = { page: 1, pageSize: 20 };

/** A menu hover starts the page's first queries: the members' first page and the department tree. */
export const prefetch: PagePrefetch = (client, workId) =>
  workId > 0 ? Promise.all([prefetchPageQuery(client, membersQueryOptions(workId, FIRST_PAGE)), prefetchPageQuery(client, departmentsQueryOptions(workId))]) : undefined;

function Members({ workId }: { workId: number }) {
  const [departmentId, setDepartmentId] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const [seat, setSeat] = useState<'with' | 'without'>();
  const [page, setPage] = useState(FIRST_PAGE.page);
  const [pageSize, setPageSize] = useState(FIRST_PAGE.pageSize);
  const body = { page, pageSize, ...(keyword ? { keyword } : {}), ...(departmentId ? { departmentId } : {}), ...(seat ? { seat } : {}) };
  const departments = useDepartments(workId);
  const members = useMembers(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.sync.status === 'running' ? 1000 : false),
  });
  const sync = members.data?.sync;
  const running = sync?.status === 'running';
  // When a sync ends, the department tree may have changed too.
  const refetchDepartments = departments.refetch;
  useEffect(() => {
    if (sync?.status === 'done') void refetchDepartments();
  }, [sync?.status, sync?.syncedAt, refetchDepartments]);

  const startSync = async () => {
    await runAction(syncMembers, { success: T.syncStarted }).catch(() => undefined);
    void members.refetch();
  };

  const columns = [
    {
      title: T.name,
      dataIndex: 'name',
      render: (_: unknown, m: Member) => (
        <Space>
          <Avatar size="small" src={m.avatar || undefined}>
            {m.name.slice(0, 1)}
          </Avatar>
          {m.name}
          {m.isFollowUser ? <Tag color="blue">{T.contactTag}</Tag> : null}
        </Space>
      ),
    },
    { title: T.userid, dataIndex: 'userid' },
    { title: T.department, dataIndex: 'departments', render: (_: unknown, m: Member) => m.departments.map((d) => d.name).join('、') || '—' },
    { title: T.position, dataIndex: 'position', render: (v: string) => v || '—' },
    {
      title: T.status,
      dataIndex: 'status',
      render: (v: number) => <Tag color={STATUS_COLOR[v] ?? 'default'}>{MEMBER_STATUS_LABEL[v] ?? String(v)}</Tag>,
    },
    { title: T.customers, dataIndex: 'customerCount', align: 'right' as const },
    {
      title: T.seat,
      dataIndex: 'seatExpiresAt',
      render: (v: number | null | undefined) =>
        v ? (
          <Tag color="green" data-testid="member-seat">{T.seatUntil(dayKey(v))}</Tag>
        ) : (
          <Typography.Text type="secondary" title={T.seatNoneHint} data-testid="member-seat-none">
            {T.seatNone}
          </Typography.Text>
        ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={7} xl={5}>
        <Card variant="borderless" title={T.departments} size="small">
          <DepartmentTree
            list={departments.data?.list}
            loading={departments.isPending}
            error={departments.isError}
            value={departmentId}
            onChange={(id) => {
              setDepartmentId(id);
              setPage(1);
            }}
          />
        </Card>
      </Col>
      <Col xs={24} md={17} xl={19}>
        <Card variant="borderless">
          <Flex justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              placeholder={T.search}
              style={{ maxWidth: 320 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
              data-testid="member-search"
            />
            <Select<'all' | 'with' | 'without'>
              style={{ width: 120 }}
              value={seat ?? 'all'}
              onChange={(v) => {
                setSeat(v === 'all' ? undefined : v);
                setPage(1);
              }}
              options={(['all', 'with', 'without'] as const).map((k) => ({ value: k, label: T.seatFilter[k] }))}
              data-testid="member-seat-filter"
            />
            <Button type="primary" onClick={startSync} loading={running} data-testid="member-sync">
              {T.sync}
            </Button>
          </Flex>
          {running ? (
            <div style={{ marginBottom: 16 }} data-testid="member-sync-progress">
              <Typography.Text type="secondary">
                {T.syncing}：{T.phase[sync.phase] ?? ''}
                {sync.total > 0 ? `（${sync.done}/${sync.total}）` : ''}
              </Typography.Text>
              <Progress percent={sync.percent} size="small" status="active" />
            </div>
          ) : sync?.status === 'failed' ? (
            <Alert type="error" showIcon message={T.syncFailed} description={sync.error} style={{ marginBottom: 16 }} />
          ) : null}
          {members.isError && !members.data ? (
            <LoadAlert error={members.error} onRetry={() => void members.refetch()} />
          ) : (
            <Table<Member>
              data-testid="member-table"
              rowKey="userid"
              columns={columns}
              dataSource={members.data?.list ?? []}
              loading={members.isPending || (members.isFetching && !running && members.isPlaceholderData)}
              locale={{ emptyText: <Empty description={keyword || departmentId || seat ? T.emptyFiltered : T.empty} /> }}
              pagination={{
                current: page,
                pageSize,
                total: members.data?.total ?? 0,
                showSizeChanger: true,
                showTotal: T.total,
                onChange: (p, s) => {
                  setPage(s === pageSize ? p : 1);
                  setPageSize(s);
                },
              }}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}

export default function StaffListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
  return (
    <PageFrame title={T.title} bare>
      <Tabs
        defaultActiveKey="members"
        destroyOnHidden
        data-testid="staff-tabs"
        items={[
          { key: 'members', label: T.tabs.members, children: <Members key={workId} workId={workId} /> },
          { key: 'groups', label: T.tabs.groups, children: <MemberGroups key={workId} workId={workId} /> },
        ]}
      />
    </PageFrame>
  );
}

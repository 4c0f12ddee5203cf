// 客户群 list: every group of the work space with its owner, customers vs staff and today's joins and
// quits; filters by owners, name and customers' tags (kept in the URL); a sync from WeCom whose
// progress the page follows until it is done.
import { Alert, Button, Flex, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QuestionCircleOutlined, SyncOutlined, TeamOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { GroupListBody, GroupRow } from '@scrm/contracts/group';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, formatTime, KeywordSearch, LoadAlert, MemberSelect, NoMatch, NoWorkSpace, TagSelect, useUrlFilters } from '@scrm/web-parts';
import { useGroups } from '../../api/list-groups';
import { useSyncGroups } from '../../api/sync-groups';
import { LIST as T } from '../../texts';

const PAGE_SIZE = 20;
/** While a sync runs, the list is read again this often. */
const SYNC_POLL_MS = 1500;
const FILTERS = { owners: 'text', name: 'text', tags: 'text' } as const;
const listOf = (s: string) => (s ? s.split(',').filter(Boolean) : []);

export const detailPath = (chatId: string) => `/outer-group/detail?id=${encodeURIComponent(chatId)}`;

function Count({ value, color, testId }: { value: number; color?: string; testId: string }) {
  return (
    <span data-testid={testId} style={{ color: value ? color : undefined, fontWeight: value && color ? 600 : undefined, fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </span>
  );
}

function Groups({ workId }: { workId: number }) {
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const owners = listOf(filters.owners);
  const tagIds = listOf(filters.tags);
  const body: GroupListBody = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(owners.length ? { owners } : {}),
    ...(filters.name ? { name: filters.name } : {}),
    ...(tagIds.length ? { tagIds } : {}),
  };
  const groups = useGroups(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.sync.status === 'running' ? SYNC_POLL_MS : false),
  });
  const sync = useSyncGroups(workId);
  const progress = groups.data?.sync;
  const running = progress?.status === 'running' || sync.isPending;
  const filtered = owners.length > 0 || tagIds.length > 0 || Boolean(filters.name);

  const columns: ColumnsType<GroupRow> = [
    {
      title: T.col.name,
      key: 'name',
      render: (_, g) => (
        <Space size={6}>
          <Link to={detailPath(g.chatId)} data-testid="group-name" style={{ fontWeight: 500 }}>
            {g.name || T.unnamed}
          </Link>
          {T.status[g.status] ? <Tag color="orange">{T.status[g.status]}</Tag> : null}
        </Space>
      ),
    },
    { title: T.col.owner, dataIndex: 'ownerName', width: 120, render: (v: string) => <span data-testid="group-owner">{v}</span> },
    { title: T.col.members, dataIndex: 'memberCount', width: 90, align: 'right', render: (v: number) => <Count value={v} testId="group-members" /> },
    { title: T.col.customers, dataIndex: 'customerCount', width: 80, align: 'right', render: (v: number) => <Count value={v} testId="group-customers" /> },
    { title: T.col.staff, dataIndex: 'staffCount', width: 80, align: 'right', render: (v: number) => <Count value={v} testId="group-staff" /> },
    { title: T.col.todayJoins, dataIndex: 'todayJoins', width: 96, align: 'right', render: (v: number) => <Count value={v} color="#52c41a" testId="group-joins" /> },
    { title: T.col.todayQuits, dataIndex: 'todayQuits', width: 96, align: 'right', render: (v: number) => <Count value={v} color="#fa8c16" testId="group-quits" /> },
    { title: T.col.createTime, dataIndex: 'createTime', width: 170, render: (v: number) => <Typography.Text type="secondary">{formatTime(v)}</Typography.Text> },
    {
      title: T.col.actions,
      key: 'actions',
      width: 80,
      render: (_, g) => (
        <Link to={detailPath(g.chatId)}>
          <Button type="link" size="small" style={{ paddingInline: 0 }}>
            {T.detail}
          </Button>
        </Link>
      ),
    },
  ];

  const syncButton = (
    <Space size={12}>
      {progress && running ? (
        <Progress percent={progress.percent} size="small" style={{ width: 160, margin: 0 }} data-testid="sync-progress" />
      ) : progress?.syncedAt ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="synced-at">
          {T.syncedAt(formatTime(progress.syncedAt))}
        </Typography.Text>
      ) : null}
      <Button icon={<SyncOutlined spin={running} />} loading={sync.isPending} disabled={running} onClick={() => sync.mutate()} data-testid="group-sync">
        {running && progress ? T.syncing(progress.percent) : T.sync}
      </Button>
    </Space>
  );

  let content;
  if (groups.isError && !groups.data) {
    content = <LoadAlert error={groups.error} onRetry={() => groups.refetch()} data-testid="groups-error" />;
  } else if (groups.data?.total === 0 && !filtered) {
    content = <FirstUse icon={<TeamOutlined style={{ color: '#1677ff' }} />} title={T.emptyTitle} hint={T.emptyHint} action={syncButton} data-testid="groups-first" />;
  } else {
    content = (
      <Table<GroupRow>
        rowKey="chatId"
        size="middle"
        columns={columns}
        dataSource={groups.data?.list}
        loading={groups.isFetching && !groups.data}
        pagination={{ ...pagination(groups.data?.total ?? 0), showTotal: T.total }}
        locale={{ emptyText: <NoMatch text={T.noMatch} onClear={() => setFilters({ owners: '', name: '', tags: '' })} data-testid="groups-no-match" /> }}
        data-testid="group-table"
      />
    );
  }

  return (
    <PageFrame title={T.title} extra={syncButton}>
      {progress?.status === 'failed' && progress.error ? <Alert type="error" showIcon message={T.syncFailed(progress.error)} style={{ marginBottom: 12 }} data-testid="sync-error" /> : null}
      <Flex gap={12} wrap style={{ marginBottom: 16 }} align="center">
          <MemberSelect
            mode="multiple"
            value={owners}
            onChange={(ids) => setFilters({ owners: ids.join(',') })}
            placeholder={T.ownersPlaceholder}
            contactOnly={false}
            style={{ width: 260 }}
            data-testid="filter-owners"
          />
          <KeywordSearch value={filters.name} onSearch={(name) => setFilters({ name })} placeholder={T.namePlaceholder} width={220} data-testid="filter-name" />
          <TagSelect value={tagIds} onChange={(ids) => setFilters({ tags: ids.join(',') })} placeholder={T.tagsPlaceholder} style={{ width: 240 }} data-testid="filter-tags" />
          <Tooltip title={T.tagHint}>
            <QuestionCircleOutlined style={{ color: '#8c8c8c' }} />
          </Tooltip>
      </Flex>
      {content}
    </PageFrame>
  );
}

export default function OuterGroupListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
  return <Groups key={workId} workId={workId} />;
}

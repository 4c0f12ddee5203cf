// 自动标签 list: the rules with their condition in words, the tags they apply, how many customers they
// tagged and when last, the retroactive run's progress (polled while one runs), on/off, edit and delete.
import { Button, Flex, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { AUTO_TAG_KIND_LABEL, type AutoTagKind, type AutoTagListBody, type AutoTagRule } from '@scrm/contracts/auto-tag';
import { formatTime, runAction, useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FirstUse, KeywordSearch, LoadAlert, NoMatch, NoWorkSpace, useConfirmAction, useUrlFilters } from '@scrm/web-parts';
import { useAutoTags } from '../../api/list-auto-tags';
import { useDeleteAutoTag } from '../../api/delete-auto-tag';
import { useEnableAutoTag } from '../../api/enable-auto-tag';
import { RunProgress } from '../auto-shared/run-progress';
import { AT } from '../../texts';

const PAGE_SIZE = 10;
const FAST_MS = 2_000;
const SLOW_MS = 20_000;
const FILTERS = { keyword: 'text', kind: 'text' } as const;
const KINDS = Object.entries(AUTO_TAG_KIND_LABEL).map(([value, label]) => ({ value, label }));

function Rules({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const { confirm, holder } = useConfirmAction();
  const remove = useDeleteAutoTag(workId);
  const enable = useEnableAutoTag(workId);
  const canManage = useCan('tag-auto.manage');
  const body: AutoTagListBody = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.kind && filters.kind in AUTO_TAG_KIND_LABEL ? { kind: filters.kind as AutoTagKind } : {}),
  };
  const rules = useAutoTags(workId, body, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.run.status === 'running') ? FAST_MS : SLOW_MS),
  });
  const filtered = Boolean(filters.keyword || filters.kind);

  const columns: ColumnsType<AutoTagRule> = [
    {
      title: AT.col.name,
      dataIndex: 'name',
      width: 140,
      render: (_, r) => (
        <Link to={`/tag/auto/detail?id=${r.id}`} data-testid="rule-name">
          {r.name}
        </Link>
      ),
    },
    { title: AT.col.condition, key: 'condition', onCell: () => ({ style: { minWidth: 160 } }), render: (_, r) => <Typography.Text data-testid="rule-condition">{r.conditionText}</Typography.Text> },
    {
      title: AT.col.tags,
      key: 'tags',
      width: 140,
      render: (_, r) => (
        <Flex gap={4} wrap>
          {r.tags.map((t) => (
            <Tag key={t.id} color={t.deleted ? 'default' : 'blue'} style={{ marginInlineEnd: 0 }}>
              {t.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: AT.col.tagged,
      key: 'tagged',
      width: 130,
      render: (_, r) => (
        <Flex vertical data-testid="rule-tagged">
          <span>{AT.taggedCount(r.tagged)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.lastTaggedAt ? AT.lastTagged(formatTime(r.lastTaggedAt)) : AT.never}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: AT.col.run, key: 'run', width: 150, render: (_, r) => <RunProgress run={r.run} /> },
    {
      title: AT.col.enabled,
      key: 'enabled',
      width: 100,
      // The state in words beside a plain switch: words inside a switch are cut to one character in a narrow cell.
      render: (_, r) => (
        <Flex align="center" gap={6} style={{ whiteSpace: 'nowrap' }}>
          {canManage ? (
            <Switch
              size="small"
              checked={r.enabled}
              aria-label={r.enabled ? AT.enabledOn : AT.enabledOff}
              loading={enable.isPending && enable.variables?.id === r.id}
              onChange={(on) => void runAction(() => enable.mutateAsync({ id: r.id, enabled: on }), { success: AT.switched(on) }).catch(() => undefined)}
              data-testid="rule-enabled"
            />
          ) : null}
          <Typography.Text type={r.enabled ? undefined : 'secondary'} data-testid="rule-enabled-text">
            {r.enabled ? AT.enabledOn : AT.enabledOff}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: AT.col.actions,
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0} separator={<Typography.Text type="secondary">|</Typography.Text>}>
          <Button type="link" size="small" onClick={() => navigate(`/tag/auto/detail?id=${r.id}`)}>
            {AT.detail}
          </Button>
          {canManage ? (
            <Button type="link" size="small" onClick={() => navigate(`/tag/auto/edit?id=${r.id}`)} data-testid="rule-edit">
              {AT.edit}
            </Button>
          ) : null}
          {canManage ? (
            <Button
              type="link"
              size="small"
              danger
              data-testid="rule-delete"
              onClick={() =>
                void confirm({
                  title: AT.deleteTitle(r.name),
                  content: AT.deleteContent,
                  okText: AT.delete,
                  cancelText: AT.cancel,
                  run: () => remove.mutateAsync(r.id),
                  success: AT.deleted,
                })
              }
            >
              {AT.delete}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const empty = filtered ? (
    <NoMatch text={AT.emptyFiltered} onClear={() => setFilters({ keyword: '', kind: '' })} />
  ) : (
    <FirstUse
      icon={<TagsOutlined />}
      title={AT.emptyTitle}
      hint={AT.emptyHint}
      action={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/tag/auto/edit')}>
            {AT.create}
          </Button>
        ) : null
      }
      data-testid="rules-empty"
    />
  );

  return (
    <PageFrame
      title={AT.listTitle}
      extra={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/tag/auto/edit')} data-testid="rule-create">
            {AT.create}
          </Button>
        ) : null
      }
    >
      {holder}
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} placeholder={AT.searchPlaceholder} data-testid="rule-search" />
        <Select
          allowClear
          placeholder={AT.kindFilter}
          value={filters.kind || undefined}
          onChange={(kind) => setFilters({ kind: kind ?? '' })}
          options={KINDS}
          style={{ width: 160 }}
          data-testid="kind-filter"
        />
      </Flex>
      {rules.isError && !rules.data ? (
        <LoadAlert error={rules.error} onRetry={() => rules.refetch()} />
      ) : (
        <Table<AutoTagRule>
          data-testid="rule-table"
          rowKey="id"
          columns={columns}
          dataSource={rules.data?.list ?? []}
          loading={rules.isPending || (rules.isFetching && rules.isPlaceholderData)}
          scroll={{ x: 960 }}
          locale={{ emptyText: rules.isPending ? <div style={{ height: 120 }} /> : empty }}
          pagination={{ ...pagination(rules.data?.total ?? 0), showTotal: AT.total }}
        />
      )}
    </PageFrame>
  );
}

export default function TagAutoListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace title={AT.listTitle} hint={AT.noWorkHint} />;
  return <Rules key={workId} workId={workId} />;
}

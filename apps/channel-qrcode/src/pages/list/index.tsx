// 渠道活码 list (the home page after login): groups at the left; the codes of the chosen group with
// search, a member filter, members' states, today's figures, and actions; refreshed every 10 s.
import { useEffect, useState } from 'react';
import { Badge, Button, Dropdown, Empty, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownOutlined, ExclamationCircleFilled, FolderOutlined, PlusOutlined, QrcodeOutlined, SyncOutlined, WarningFilled } from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { CODE_STATUS_LABEL, DISTRIBUTION_LABEL, type ChannelCode, type ChannelCodeListBody, type CodeStatus } from '@scrm/contracts/contact-way';
import { lazyPart, useCan, useStore } from '@scrm/web-kit';
import { PageFrame, Panel } from '@scrm/web-kit/ui';
import { FirstUse, formatTime, GroupPanel, ListFilters, LoadAlert, NoMatch, NoWorkSpace, QrThumb, SelectionBar, useUrlFilters } from '@scrm/web-parts';
import { channelRootKey } from '../../api/keys';
import { useCodes } from '../../api/list-codes';
import { useGroups } from '../../api/list-groups';
import { useCodeActions } from '../../components/code-actions';
import { MemberChip, isReceiving } from '../../components/member-state';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';
import { downloadQrcode } from '../../api/download-qrcode';
import { addGroup } from '../../api/add-group';
import { deleteGroup } from '../../api/delete-group';
import { renameGroup } from '../../api/rename-group';

// Loaded when first opened: the dialog's Modal and Form are not on the first page's path.
const MoveGroupModal = lazyPart(() => import('./move-group-modal'));

const GROUP_REQUESTS = { add: addGroup, rename: renameGroup, remove: deleteGroup };
const GROUP_TEXTS = { all: T.allGroups, namePlaceholder: T.groupNamePlaceholder, deleteHint: T.groupDeleteHint, empty: T.groupsEmpty };

const STATUS_BADGE: Record<CodeStatus, 'processing' | 'success' | 'error' | 'default'> = { creating: 'processing', active: 'success', failed: 'error', expired: 'default' };
/** Member chips shown in a row before 「+N」. */
const CHIPS = 3;
const PAGE_SIZE = 10;

/** The filters live in the URL, so coming back from a detail page keeps them. */
const FILTERS = { group: 'id', keyword: 'text', userid: 'text' } as const;

function Members({ code }: { code: ChannelCode }) {
  const shown = code.members.slice(0, CHIPS);
  const rest = code.members.slice(CHIPS);
  const receiving = code.members.filter(isReceiving).length;
  return (
    <Flex vertical gap={6} data-testid="code-members">
      <Flex gap={4} wrap>
        {shown.map((m) => (
          <MemberChip key={m.userid} member={m} distribution={code.distribution} />
        ))}
        {rest.length ? (
          <Tooltip title={rest.map((m) => m.name).join('、')}>
            <Tag style={{ marginInlineEnd: 0, borderRadius: 11, height: 22 }} variant="filled">
              {T.moreMembers(rest.length)}
            </Tag>
          </Tooltip>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {DISTRIBUTION_LABEL[code.distribution]}
        {' · '}
        {code.noneAvailable ? (
          <Tooltip title={T.noneAvailableHint}>
            <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="none-available">
              <WarningFilled /> {T.noneAvailable}
            </Typography.Text>
          </Tooltip>
        ) : (
          T.membersReceiving(receiving, code.members.length)
        )}
      </Typography.Text>
    </Flex>
  );
}

/** 今日添加 / 累计添加 / 今日流失 as three labelled lines (three columns do not fit beside the group panel). */
function Figures({ code }: { code: ChannelCode }) {
  const lines = [
    { label: T.col.addsToday, hint: T.addsTodayHint, value: code.addsToday, color: code.addsToday ? '#1677ff' : undefined, testId: 'adds-today' },
    { label: T.col.addsTotal, hint: T.addsTotalHint, value: code.addsTotal, color: undefined, testId: 'adds-total' },
    { label: T.col.lostToday, hint: T.lostTodayHint, value: code.lostToday, color: code.lostToday ? '#fa8c16' : undefined, testId: 'lost-today' },
  ];
  return (
    <Flex vertical gap={2} style={{ fontSize: 12, lineHeight: '20px' }}>
      {lines.map((l) => (
        <Flex key={l.label} justify="space-between" gap={8}>
          <Tooltip title={l.hint} placement="left">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {l.label}
            </Typography.Text>
          </Tooltip>
          <span data-testid={l.testId} style={{ color: l.color, fontWeight: l.color ? 600 : undefined, fontVariantNumeric: 'tabular-nums' }}>
            {l.value}
          </span>
        </Flex>
      ))}
    </Flex>
  );
}

function Status({ code }: { code: ChannelCode }) {
  const badge = <Badge status={STATUS_BADGE[code.status]} text={CODE_STATUS_LABEL[code.status]} />;
  if (!code.error) return badge;
  return (
    <Tooltip title={code.error}>
      <Space size={4} data-testid="code-error">
        {badge}
        <ExclamationCircleFilled style={{ color: code.status === 'failed' ? '#ff4d4f' : '#faad14' }} />
      </Space>
    </Tooltip>
  );
}


function Codes({ workId }: { workId: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [filters, setFilters, pagination] = useUrlFilters(FILTERS, PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState<{ ids: number[]; current?: number | null } | null>(null);
  const actions = useCodeActions();
  // A view-only child reads the codes: no control it would be refused (403) is shown.
  const canManage = useCan('channel-qrcode.manage');
  // The URL can change under the page (back / forward): the box and the selection follow it.
  useEffect(() => setSelected([]), [filters.keyword, filters.userid, filters.group]);

  const body: ChannelCodeListBody = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.group !== undefined ? { groupId: filters.group } : {}),
    ...(filters.userid ? { userid: filters.userid } : {}),
  };
  const groups = useGroups(workId);
  const codes = useCodes(workId, body, {
    placeholderData: keepPreviousData,
    // Members' states and counts move as customers scan.
    refetchInterval: REFRESH_MS,
  });
  // A page emptied by deleting its last codes steps back to the last page there is.
  const total = codes.data?.total;
  const pageEmpty = Boolean(codes.data && !codes.data.list.length && total && filters.page > 1);
  useEffect(() => {
    if (pageEmpty && total) setFilters({ page: Math.ceil(total / filters.pageSize) });
  }, [pageEmpty]);
  // After the group panel's own calls (add, rename, delete a group).
  const refreshAll = () => client.invalidateQueries({ queryKey: channelRootKey(workId) });
  const filtered = Boolean(filters.keyword || filters.userid);
  const firstCode = codes.data?.total === 0 && !filtered && filters.group === undefined && filters.page === 1;

  const columns: ColumnsType<ChannelCode> = [
    {
      title: T.col.name,
      key: 'name',
      render: (_, code) => (
        <Flex gap={12} align="flex-start" style={{ minWidth: 0 }}>
          <QrThumb code={code} download={() => downloadQrcode(code.id)} />
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Link to={`/channel-qrcode/detail?id=${code.id}`} data-testid="code-name" style={{ fontWeight: 500 }}>
              {code.name}
            </Link>
            {code.remark ? (
              <Typography.Text type="secondary" ellipsis={{ tooltip: code.remark }} style={{ fontSize: 12, maxWidth: 160 }}>
                {code.remark}
              </Typography.Text>
            ) : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <FolderOutlined style={{ marginInlineEnd: 4 }} />
              {code.groupName || T.ungrouped}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: T.col.members, key: 'members', width: 210, render: (_, code) => <Members code={code} /> },
    { title: T.col.figures, key: 'figures', width: 124, render: (_, code) => <Figures code={code} /> },
    { title: T.col.status, key: 'status', width: 92, render: (_, code) => <Status code={code} /> },
    {
      title: T.col.createdAt,
      dataIndex: 'createdAt',
      width: 100,
      render: (v: number) => {
        const [date, time] = formatTime(v).split(' ');
        return (
          <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: 1.6, display: 'block' }}>
            {date}
            <br />
            {time?.slice(0, 5)}
          </Typography.Text>
        );
      },
    },
    {
      title: T.col.actions,
      key: 'actions',
      width: 142,
      render: (_, code) => (
        <Space size={0} style={{ marginInline: -7 }}>
          <Button type="link" size="small" onClick={() => navigate(`/channel-qrcode/detail?id=${code.id}`)}>
            {T.detail}
          </Button>
          {canManage ? (
            <Button type="link" size="small" onClick={() => navigate(`/channel-qrcode/create?id=${code.id}`)} data-testid="code-edit">
              {T.edit}
            </Button>
          ) : null}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'download', label: T.download, disabled: !code.qrCode, onClick: () => void actions.download(code) },
                ...(canManage
                  ? ([
                      { key: 'move', label: T.moveGroup, onClick: () => setMoving({ ids: [code.id], current: code.groupId }) },
                      { type: 'divider' },
                      { key: 'delete', label: T.delete, danger: true, onClick: () => void actions.remove(code).then((done) => done && setSelected((s) => s.filter((id) => id !== code.id))) },
                    ] as const)
                  : []),
              ],
            }}
          >
            <Button type="link" size="small" data-testid="code-more">
              {T.more}
              <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  const createButton = canManage ? (
    <Link to="/channel-qrcode/create">
      <Button type="primary" icon={<PlusOutlined />} data-testid="code-create">
        {T.create}
      </Button>
    </Link>
  ) : null;

  let content;
  if (codes.isError && !codes.data) {
    content = (
      <LoadAlert error={codes.error} onRetry={() => codes.refetch()} data-testid="codes-error" />
    );
  } else if (firstCode) {
    content = (
      <FirstUse
        icon={<QrcodeOutlined style={{ color: '#1677ff' }} />}
        title={T.emptyTitle}
        hint={T.emptyHint}
        action={
          canManage ? (
            <Link to="/channel-qrcode/create">
              <Button type="primary" icon={<PlusOutlined />}>
                {T.create}
              </Button>
            </Link>
          ) : null
        }
        data-testid="codes-first"
      />
    );
  } else {
    content = (
      <>
        {selected.length ? (
          <SelectionBar label={T.selected(selected.length)} onClear={() => setSelected([])}>
            <Button size="small" type="primary" ghost onClick={() => setMoving({ ids: selected })} data-testid="batch-move">
              {T.batchMove}
            </Button>
          </SelectionBar>
        ) : null}
        <Table<ChannelCode>
          data-testid="code-table"
          rowKey="id"
          size="middle"
          tableLayout="fixed"
          columns={columns}
          dataSource={codes.data?.list ?? []}
          loading={codes.isPending || (codes.isFetching && codes.isPlaceholderData)}
          rowSelection={canManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true, columnWidth: 36 } : undefined}
          locale={{
            emptyText: codes.isPending ? (
              <div style={{ height: 160 }} />
            ) : (
              filtered ? (
                <NoMatch
                  text={T.emptyFiltered}
                  onClear={() => setFilters({ keyword: '', userid: '' })}
                  data-testid="codes-empty-filtered"
                />
              ) : (
                <Empty description={T.emptyFiltered} data-testid="codes-empty-filtered">
                  {createButton}
                </Empty>
              )
            ),
          }}
          pagination={{ ...pagination(codes.data?.total ?? 0), pageSizeOptions: [10, 20, 50], showTotal: T.total }}
        />
      </>
    );
  }

  return (
    <PageFrame title={T.title} bare>
      {actions.holder}
      <Flex gap={16} align="flex-start">
        <div style={{ width: 200, flex: 'none' }}>
          <GroupPanel
            data={groups.data}
            loading={groups.isPending}
            error={groups.isError}
            onRetry={() => groups.refetch()}
            value={filters.group}
            onChange={(group) => setFilters({ group })}
            onChanged={() => void refreshAll()}
            requests={GROUP_REQUESTS}
            texts={GROUP_TEXTS}
            readOnly={!canManage}
            data-testid="group-panel"
          />
        </div>
        <Panel style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
            <Flex gap={12} wrap align="center">
              <ListFilters
                keyword={filters.keyword}
                userid={filters.userid}
                onChange={setFilters}
                placeholders={{ keyword: T.searchPlaceholder, member: T.memberFilter }}
                widths={{ keyword: 240, member: 200 }}
                testIds={{ keyword: 'code-search', member: 'code-member-filter' }}
              />
              <Tooltip title={T.refreshHint}>
                <SyncOutlined spin={codes.isFetching && !codes.isPending} style={{ color: 'rgba(0,0,0,.35)' }} data-testid="refresh-indicator" />
              </Tooltip>
            </Flex>
            {createButton}
          </Flex>
          {content}
        </Panel>
      </Flex>
      {moving ? (
        <MoveGroupModal
          ids={moving.ids}
          current={moving.current}
          groups={groups.data?.list ?? []}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            setSelected([]);
          }}
        />
      ) : null}
    </PageFrame>
  );
}

export default function ChannelQrcodeListPage() {
  const workId = useStore('workId');
  return workId ? <Codes key={workId} workId={workId} /> : <NoWorkSpace hint={T.noWorkHint} />;
}

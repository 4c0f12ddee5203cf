// 群发详情 (/push/detail?id=): the push's state, figures, content and audience in words, when WeCom was
// last read and will be next; the members' tasks with 提醒发送 (one or all) and the customers' results
// with filters and the Excel export. Read again every few seconds while it is sending.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Flex, Row, Select, Space, Statistic, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { BellOutlined, DownloadOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  PUSH_CHAT_TYPE_LABEL,
  PUSH_RESULT_PAGE_SIZE,
  PUSH_TARGET_STATUS_LABEL,
  type PushDetail,
  type PushMemberRow,
  type PushTargetRow,
  type PushTargetStatus,
  type PushTargetsBody,
} from '@scrm/contracts/push';
import { formatTime, runAction, toast, useCan } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { DetailPage, KeywordSearch, LoadAlert, LoadProblemPage, MemberSelect, retryUnlessNotFound, saveBlob, useTagNames } from '@scrm/web-parts';
import { useExportPushTargets } from './api/export-push-targets';
import { useMemberNames } from './api/find-member-names';
import { usePush } from './api/get-push';
import { pushRootKey } from './api/keys';
import { usePushMembers } from './api/list-push-members';
import { usePushTargets } from './api/list-push-targets';
import { useRemindPushMembers } from './api/remind-push-members';
import { ContentPreview } from './content-preview';
import { describeAudience } from './describe';
import { actionsOf, PUSH_CREATE_PATH, PUSH_LIST_PATH, sendTimeText, usePushActions } from './list';
import { SendStatusTag } from '../marketing/send-status';
import { MemberStatusTag, TargetStatusTag } from './status';
import { T } from './texts';

const LIVE_MS = 5_000;
const live = (p: PushDetail | undefined) => p?.status === 'sending' || p?.status === 'scheduled';

function Figures({ push }: { push: PushDetail }) {
  const items: Array<[string, number | string, string?]> = [
    [T.figures.targets, push.targets],
    [T.figures.sent, push.sent, '#52c41a'],
    [T.figures.unsent, push.unsent],
    [T.figures.failed, push.failed, push.failed ? '#ff4d4f' : undefined],
    [T.figures.overCap, push.overCap, push.overCap ? '#faad14' : undefined],
    [T.figures.members, `${push.membersSent}/${push.members}`],
  ];
  return (
    <Row gutter={[16, 16]} data-testid="push-figures">
      {items.map(([label, value, color]) => (
        <Col key={label} xs={12} md={8} xl={4}>
          <Statistic title={label} value={value} styles={{ content: { color, fontVariantNumeric: 'tabular-nums' } }} />
        </Col>
      ))}
    </Row>
  );
}

function Summary({ push, workId }: { push: PushDetail; workId: number }) {
  const memberIds = push.chatType === 'group' ? (push.audience.ownerUserids ?? []) : (push.audience.userids ?? []);
  const members = useMemberNames(workId, memberIds);
  const tagNames = useTagNames();
  const names = {
    members: (ids: readonly string[]) => ids.map((u) => members.data?.list.find((m) => m.userid === u)?.name ?? u).join('、'),
    tags: (ids: readonly string[]) => tagNames(ids).join('、') || `${ids.length} 个标签`,
  };
  const track = push.trackedAt ? formatTime(push.trackedAt) : T.trackNotYet;
  const next = push.nextTrackAt ? formatTime(push.nextTrackAt) : push.trackedAt ? T.trackDone : '—';
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      size="small"
      data-testid="push-summary"
      items={[
        { key: 'status', label: T.status, children: <SendStatusTag status={push.status} error={push.error} testId="push-status" /> },
        { key: 'type', label: T.type, children: PUSH_CHAT_TYPE_LABEL[push.chatType] },
        { key: 'sendTime', label: T.sendTime, children: sendTimeText(push) },
        { key: 'finishedAt', label: T.finishedAt, children: push.finishedAt ? formatTime(push.finishedAt) : '—' },
        { key: 'creator', label: T.createdBy, children: push.creatorName },
        { key: 'createdAt', label: T.createdAt, children: formatTime(push.createdAt) },
        { key: 'tasks', label: T.tasks, children: push.tasks ? T.tasksProgress(push.tasksCreated, push.tasks) : '—' },
        {
          key: 'track',
          label: T.trackedAt,
          children: (
            <span data-testid="push-tracked">
              {track}
              <Typography.Text type="secondary">{`（${T.nextTrackAt} ${next}）`}</Typography.Text>
            </span>
          ),
        },
        {
          key: 'audience',
          label: T.audience,
          span: 'filled',
          children: (
            <Flex vertical data-testid="push-audience">
              {describeAudience(push.chatType, push.audience, names).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </Flex>
          ),
        },
        ...(push.error ? [{ key: 'error', label: T.error, span: 'filled' as const, children: <Typography.Text type="danger">{push.error}</Typography.Text> }] : []),
      ]}
    />
  );
}

function Members({ push, workId }: { push: PushDetail; workId: number }) {
  const [page, setPage] = useState(1);
  const members = usePushMembers(workId, { id: push.id, page }, { refetchInterval: live(push) ? LIVE_MS : false });
  const remind = useRemindPushMembers(workId);
  const canRemind = useCan('push.create') && push.status === 'sending';
  const run = (userid?: string) =>
    void runAction(() => remind.mutateAsync({ id: push.id, ...(userid ? { userid } : {}) }), { success: false }).then(
      (r) => toast.success(T.reminded(r.reminded, r.skipped)),
      () => undefined,
    );
  const columns: ColumnsType<PushMemberRow> = [
    {
      title: T.memberCol.member,
      key: 'member',
      render: (_, m) => (
        <Space>
          <Avatar size={28} src={m.memberAvatar || undefined}>
            {m.memberName.slice(0, 1)}
          </Avatar>
          <span data-testid="member-name">{m.memberName}</span>
        </Space>
      ),
    },
    { title: T.memberCol.status, key: 'status', width: 110, render: (_, m) => <MemberStatusTag status={m.status} /> },
    { title: T.memberCol.sendTime, key: 'sendTime', width: 170, render: (_, m) => (m.sendTime ? formatTime(m.sendTime) : '—') },
    { title: T.memberCol.targets, dataIndex: 'targets', width: 90 },
    { title: T.memberCol.sent, dataIndex: 'sent', width: 90 },
    { title: T.memberCol.failed, dataIndex: 'failed', width: 90 },
    {
      title: T.memberCol.actions,
      key: 'actions',
      width: 180,
      render: (_, m) =>
        canRemind && m.status === 'unsent' ? (
          <Flex vertical>
            <Button type="link" size="small" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => run(m.userid)} data-testid="member-remind">
              {T.remind}
            </Button>
            {m.remindedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {T.remindedAt(formatTime(m.remindedAt))}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      {canRemind ? (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Button icon={<BellOutlined />} loading={remind.isPending && !remind.variables?.userid} onClick={() => run()} data-testid="member-remind-all">
            {T.remindAll}
          </Button>
        </Flex>
      ) : null}
      {members.isError && !members.data ? (
        <LoadAlert error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <Table<PushMemberRow>
          rowKey="userid"
          size="middle"
          data-testid="member-table"
          columns={columns}
          dataSource={members.data?.list ?? []}
          loading={members.isPending}
          locale={{ emptyText: T.noMembers }}
          scroll={{ x: 800 }}
          pagination={{ current: page, pageSize: PUSH_RESULT_PAGE_SIZE, total: members.data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: T.total, hideOnSinglePage: true }}
        />
      )}
    </>
  );
}

function Targets({ push, workId }: { push: PushDetail; workId: number }) {
  const [filters, setFilters] = useState<{ status?: PushTargetStatus; userid?: string; keyword: string; page: number }>({ keyword: '', page: 1 });
  const exporter = useExportPushTargets();
  const query = { id: push.id, ...(filters.status ? { status: filters.status } : {}), ...(filters.userid ? { userid: filters.userid } : {}), ...(filters.keyword ? { keyword: filters.keyword } : {}) };
  const body: PushTargetsBody = { ...query, page: filters.page };
  const targets = usePushTargets(workId, body, { refetchInterval: live(push) ? LIVE_MS : false });
  const change = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const group = push.chatType === 'group';
  const columns: ColumnsType<PushTargetRow> = [
    {
      title: group ? T.targetCol.group : T.targetCol.customer,
      key: 'target',
      render: (_, t) => (
        <Space>
          <Avatar size={28} src={t.avatar || undefined}>
            {t.name.slice(0, 1)}
          </Avatar>
          <span data-testid="target-name">{t.name}</span>
        </Space>
      ),
    },
    { title: T.targetCol.member, dataIndex: 'memberName', width: 140 },
    { title: T.targetCol.status, key: 'status', width: 150, render: (_, t) => <TargetStatusTag status={t.status} /> },
    { title: T.targetCol.sendTime, key: 'sendTime', width: 170, render: (_, t) => (t.sendTime ? formatTime(t.sendTime) : '—') },
  ];
  return (
    <>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={12} wrap>
          <Select
            allowClear
            placeholder={T.targetStatus}
            value={filters.status}
            onChange={(status?: PushTargetStatus) => change({ status })}
            options={(Object.keys(PUSH_TARGET_STATUS_LABEL) as PushTargetStatus[]).map((s) => ({ value: s, label: PUSH_TARGET_STATUS_LABEL[s] }))}
            style={{ width: 160 }}
            data-testid="target-status-filter"
          />
          <MemberSelect value={filters.userid} onChange={(userid) => change({ userid })} contactOnly={false} placeholder={T.targetMember} style={{ width: 180 }} data-testid="target-member-filter" />
          <KeywordSearch value={filters.keyword} onSearch={(keyword) => change({ keyword })} placeholder={group ? T.groupSearch : T.targetSearch} data-testid="target-search" />
        </Flex>
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          onClick={() =>
            void runAction(async () => saveBlob(await exporter.mutateAsync(query), T.exportName(push.name)), { success: T.exported }).catch(() => undefined)
          }
          data-testid="target-export"
        >
          {T.export}
        </Button>
      </Flex>
      {targets.isError && !targets.data ? (
        <LoadAlert error={targets.error} onRetry={() => void targets.refetch()} />
      ) : (
        <Table<PushTargetRow>
          rowKey={(t) => `${t.userid}:${t.targetId}`}
          size="middle"
          data-testid="target-table"
          columns={columns}
          dataSource={targets.data?.list ?? []}
          loading={targets.isPending || targets.isPlaceholderData}
          locale={{ emptyText: T.noTargets }}
          scroll={{ x: 700 }}
          pagination={{
            current: filters.page,
            pageSize: PUSH_RESULT_PAGE_SIZE,
            total: targets.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => setFilters((f) => ({ ...f, page })),
            showTotal: T.total,
          }}
        />
      )}
    </>
  );
}

/** The members' and customers' tables read again whenever the push has been read from WeCom again or changed state (its last read ends the polling). */
function useTablesFollow(workId: number, push: PushDetail | undefined) {
  const client = useQueryClient();
  const seen = useRef<string | null>(null);
  const mark = push ? `${push.status}:${push.trackedAt ?? ''}:${push.tasksCreated}` : null;
  useEffect(() => {
    if (mark === null) return;
    if (seen.current !== null && seen.current !== mark) {
      void client.invalidateQueries({ queryKey: [...pushRootKey(workId), 'members'] });
      void client.invalidateQueries({ queryKey: [...pushRootKey(workId), 'targets'] });
    }
    seen.current = mark;
  }, [client, workId, mark]);
}

function Detail({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const push = usePush(workId, id, { retry: retryUnlessNotFound, refetchInterval: (q) => (live(q.state.data) ? LIVE_MS : false) });
  const actions = usePushActions(workId);
  const canChange = useCan('push.create');
  useTablesFollow(workId, push.data);
  const back = <Button onClick={() => navigate(PUSH_LIST_PATH)}>{T.back}</Button>;
  if (push.isError && !push.data) {
    return <LoadProblemPage title={T.detailTitle} error={push.error} onRetry={() => void push.refetch()} notFound={T.notFound} back={back} testIds={{ notFound: 'push-missing', error: 'push-load-error' }} />;
  }
  const p = push.data;
  const can = p ? actionsOf(p.status, canChange) : null;
  return (
    <PageFrame
      title={p ? p.name : T.detailTitle}
      bare
      extra={
        p && can ? (
          <Space>
            {can.edit ? (
              <Button icon={<EditOutlined />} onClick={() => navigate(`${PUSH_CREATE_PATH}?id=${p.id}`)} data-testid="push-edit">
                {T.edit}
              </Button>
            ) : null}
            {can.cancel ? (
              <Button danger icon={<StopOutlined />} onClick={() => void actions.cancel(p)} data-testid="push-cancel">
                {T.cancelPush}
              </Button>
            ) : null}
          </Space>
        ) : undefined
      }
    >
      {actions.holder}
      <Flex vertical gap={16}>
        <Row gutter={16}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Card variant="borderless" title={T.summary} loading={!p} style={{ height: '100%' }}>
              {p ? (
                <Flex vertical gap={24}>
                  <Figures push={p} />
                  <Summary push={p} workId={workId} />
                </Flex>
              ) : null}
            </Card>
          </Col>
          <Col flex="300px">
            <Card variant="borderless" title={T.contentTitle} loading={!p} style={{ height: '100%' }}>
              {p ? (
                <Flex justify="center">
                  <ContentPreview content={p.content} />
                </Flex>
              ) : null}
            </Card>
          </Col>
        </Row>
        {p ? (
          <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
            <Tabs
              data-testid="push-tabs"
              items={[
                { key: 'members', label: T.memberTab, children: <Members push={p} workId={workId} /> },
                { key: 'targets', label: p.chatType === 'group' ? T.groupTargetTab : T.targetTab, children: <Targets push={p} workId={workId} /> },
              ]}
            />
          </Card>
        ) : null}
      </Flex>
    </PageFrame>
  );
}

export function PushDetailPage() {
  const navigate = useNavigate();
  return (
    <DetailPage title={T.detailTitle} noWorkHint={T.noWorkHint} notFound={T.notFound} back={<Button onClick={() => navigate(PUSH_LIST_PATH)}>{T.back}</Button>} data-testid="push-missing">
      {(id, workId) => <Detail id={id} workId={workId} />}
    </DetailPage>
  );
}

// 朋友圈详情 (/moment-push/detail?id=): the moment as members see it, its counts and times, the visible
// range, and the members — published, not yet, or unable to — with 提醒发表 per member and for all; 取消.
import { useState } from 'react';
import { Button, Card, Col, Descriptions, Flex, Row, Segmented, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { MOMENT_MEMBER_STATUS_LABEL, type MomentDetail, type MomentMemberRow, type MomentMemberStatus } from '@scrm/contracts/moment';
import { runAction, toast, useCan } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { DetailPage, formatTime, LoadProblem, MemberAvatar, useMaterials, useTagNames } from '@scrm/web-parts';
import { useMoment } from './api/get-moment';
import { REFRESH_MS } from './api/keys';
import { useMomentMembers } from './api/list-moment-members';
import { useRemindMoment } from './api/remind-moment';
import { useMomentActions } from './list';
import { SendStatusTag } from '../marketing/send-status';
import { MomentPreview } from './moment-preview';
import { T } from './texts';

const MEMBER_COLOR: Record<MomentMemberStatus, string> = { published: 'success', unpublished: 'default', invalid: 'error' };
type Tab = 'all' | MomentMemberStatus;

function Counts({ m }: { m: MomentDetail }) {
  const items = [
    { key: 'members', value: m.members },
    { key: 'published', value: m.published, color: '#52c41a' },
    { key: 'unpublished', value: m.unpublished },
    { key: 'invalidSenders', value: m.invalidSenders, color: m.invalidSenders ? '#ff4d4f' : undefined },
    { key: 'invalidTags', value: m.invalidTags, color: m.invalidTags ? '#faad14' : undefined },
  ] as const;
  return (
    <Row gutter={16} data-testid="moment-counts">
      {items.map((i) => (
        <Col key={i.key} flex="1">
          <Statistic title={T.counts[i.key]} value={i.value} valueStyle={{ color: 'color' in i ? i.color : undefined }} data-testid={`count-${i.key}`} />
        </Col>
      ))}
    </Row>
  );
}

function Members({ m, workId }: { m: MomentDetail; workId: number }) {
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const members = useMomentMembers(workId, { id: m.id, page, ...(tab === 'all' ? {} : { status: tab }) }, { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  const remind = useRemindMoment(workId);
  const canRemind = useCan('moment-push.create') && m.status === 'sending';
  const doRemind = async (userid?: string) => {
    try {
      const r = await runAction(() => remind.mutateAsync({ id: m.id, ...(userid ? { userid } : {}) }), { success: false });
      toast.success(T.reminded(r.reminded, r.skipped));
    } catch {
      // runAction's toast said why.
    }
  };
  const columns: ColumnsType<MomentMemberRow> = [
    {
      title: T.memberCol.member,
      key: 'member',
      render: (_, r) => (
        <span data-testid="member-name">
          <MemberAvatar name={r.memberName} avatar={r.memberAvatar} nowrap />
        </span>
      ),
    },
    { title: T.memberCol.status, key: 'status', width: 110, render: (_, r) => <Tag color={MEMBER_COLOR[r.status]}>{MOMENT_MEMBER_STATUS_LABEL[r.status]}</Tag> },
    { title: T.memberCol.publishedAt, dataIndex: 'publishedAt', width: 170, render: (v: number | null) => formatTime(v) },
    { title: T.memberCol.remindedAt, dataIndex: 'remindedAt', width: 170, render: (v: number | null) => formatTime(v) },
    {
      title: T.memberCol.actions,
      key: 'actions',
      width: 110,
      render: (_, r) =>
        canRemind && r.status === 'unpublished' ? (
          <Button type="link" size="small" style={{ marginInline: -7 }} onClick={() => void doRemind(r.userid)} data-testid="member-remind">
            {T.remind}
          </Button>
        ) : null,
    },
  ];
  return (
    <Card
      variant="borderless"
      title={T.counts.members}
      extra={
        canRemind ? (
          <Button onClick={() => void doRemind()} disabled={!m.unpublished} title={T.remindHint} data-testid="moment-remind-all">
            {T.remindAll}
          </Button>
        ) : null
      }
    >
      <Segmented<Tab>
        value={tab}
        onChange={(v) => {
          setTab(v);
          setPage(1);
        }}
        options={(['all', 'published', 'unpublished', 'invalid'] as Tab[]).map((v) => ({ value: v, label: T.memberTab[v] }))}
        style={{ marginBottom: 12 }}
        data-testid="member-tabs"
      />
      <Table<MomentMemberRow>
        rowKey="userid"
        size="middle"
        columns={columns}
        dataSource={members.data?.list ?? []}
        loading={members.isPending}
        locale={{ emptyText: members.isError ? T.membersFailed : T.membersEmpty }}
        pagination={{ current: page, pageSize: 20, total: members.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="member-table"
      />
    </Card>
  );
}

function Range({ m }: { m: MomentDetail }) {
  const names = useTagNames()(m.range.tagIds);
  return (
    <Descriptions column={1} size="small" data-testid="moment-range">
      <Descriptions.Item label={T.members}>{m.range.userids.length ? `${m.range.userids.length} 位成员` : T.allMembers}</Descriptions.Item>
      <Descriptions.Item label={T.tags}>
        {m.range.tagIds.length ? (
          <Flex gap={4} wrap>
            {m.range.tagIds.map((id, i) => (
              <Tag key={id}>{names[i] ?? id}</Tag>
            ))}
          </Flex>
        ) : (
          T.allCustomers
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Detail({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const query = useMoment(workId, id, { refetchInterval: REFRESH_MS });
  const ids = [...new Set(query.data?.content.materialIds ?? [])].sort((a, b) => a - b);
  const materials = useMaterials(workId, { ids }, { enabled: ids.length > 0 });
  const byId = new Map((materials.data?.list ?? []).map((x) => [x.id, x] as const));
  const actions = useMomentActions(workId);
  const canChange = useCan('moment-push.create');
  const back = <Button onClick={() => navigate('/moment-push/list')}>{T.back}</Button>;
  const m = query.data;
  if (!m) {
    return (
      <PageFrame title={T.detailTitle}>
        {query.isError ? (
          <LoadProblem error={query.error} onRetry={() => void query.refetch()} notFound={T.notFound} back={back} testIds={{ notFound: 'moment-not-found', error: 'moment-error' }} />
        ) : (
          <Card loading variant="borderless" />
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={m.name}
      bare
      extra={
        <>
          {back}
          {canChange && m.status === 'scheduled' ? <Button onClick={() => navigate(`/moment-push/create?id=${m.id}`)}>{T.edit}</Button> : null}
          {canChange && (m.status === 'scheduled' || m.status === 'sending') ? (
            <Button danger onClick={() => void actions.cancel(m)} data-testid="moment-cancel">
              {T.cancel}
            </Button>
          ) : null}
        </>
      }
    >
      {actions.holder}
      <Flex gap={16} align="flex-start">
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          <Card variant="borderless">
            <Flex vertical gap={16}>
              <Descriptions column={2} size="small">
                <Descriptions.Item label={T.col.status}>
                  <SendStatusTag status={m.status} error={m.error} testId="moment-status" />
                </Descriptions.Item>
                <Descriptions.Item label={T.col.creator}>{m.creatorName || '—'}</Descriptions.Item>
                <Descriptions.Item label={m.status === 'scheduled' ? T.col.sendAt : T.startedAt}>{formatTime(m.startedAt ?? m.sendAt).slice(0, 16)}</Descriptions.Item>
                <Descriptions.Item label={T.finishedAt}>{formatTime(m.finishedAt).slice(0, 16)}</Descriptions.Item>
                <Descriptions.Item label={T.trackedAt}>{formatTime(m.trackedAt).slice(0, 16)}</Descriptions.Item>
                <Descriptions.Item label={T.nextTrackAt}>{formatTime(m.nextTrackAt).slice(0, 16)}</Descriptions.Item>
              </Descriptions>
              {m.error ? (
                <Typography.Text type="danger">
                  {T.error}：{m.error}
                </Typography.Text>
              ) : null}
              <Counts m={m} />
            </Flex>
          </Card>
          <Members m={m} workId={workId} />
        </Flex>
        <Card variant="borderless" title={T.range} style={{ width: 328, flex: 'none' }}>
          <Flex vertical gap={16}>
            <Range m={m} />
            <MomentPreview text={m.content.text} materials={m.content.materialIds.map((i) => (materials.isPending ? undefined : (byId.get(i) ?? null)))} />
          </Flex>
        </Card>
      </Flex>
    </PageFrame>
  );
}

export default function MomentDetailPage() {
  return (
    <DetailPage
      title={T.detailTitle}
      noWorkHint={T.noWorkHint}
      notFound={T.notFound}
      invalidHint={T.invalidId}
      back={
        <Link to="/moment-push/list">
          <Button>{T.back}</Button>
        </Link>
      }
      data-testid="moment-invalid-id"
    >
      {(id, workId) => <Detail id={id} workId={workId} />}
    </DetailPage>
  );
}

// 接待成员 of a code: cap in force, today's and total adds, whether each receives now (and why not),
// and the operator's on/off switch (confirmed when it would leave nobody to receive).
import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Flex, Modal, Progress, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CodeMember, Distribution } from '@scrm/contracts/contact-way';
import { runAction, useCan } from '@scrm/web-kit';
import { LoadAlert, OnlineBadge } from '@scrm/web-parts';
import { useCodeMembers } from '../../api/list-code-members';
import { useReleaseCodeSeats } from '../../api/release-code-seats';
import { useSetMemberState } from '../../api/set-member-state';
import { isReceiving, memberState } from '../../components/member-state';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';

/** Can receive now or when its turn comes: switched on, nothing holding it off. */
const eligible = (m: CodeMember) => m.switchOn && !m.offlineReasons.length;

function State({ member, distribution }: { member: CodeMember; distribution: Distribution }) {
  const state = memberState(member, distribution);
  // OnlineBadge knows 接待中 and why not; a member waiting for its turn, or kept on WeCom's list
  // only because nobody else can receive, is neither.
  if (state.kind === 'receiving' || state.kind === 'offline') return <OnlineBadge member={member} />;
  return (
    <Tooltip title={state.detail.map((line) => <div key={line}>{line}</div>)}>
      <Badge status={state.kind === 'kept' ? 'warning' : 'processing'} text={state.label} data-testid="online-badge" />
    </Tooltip>
  );
}

export function MemberTable({ id, workId, distribution }: { id: number; workId: number; distribution: Distribution }) {
  const [modal, holder] = Modal.useModal();
  const [pending, setPending] = useState<string | null>(null);
  const members = useCodeMembers(workId, id, { refetchInterval: REFRESH_MS });
  const setState = useSetMemberState(workId);
  const list = members.data?.list ?? [];

  const apply = async (m: CodeMember, online: boolean) => {
    setPending(m.userid);
    try {
      await runAction(() => setState.mutateAsync({ id, userid: m.userid, online }), { success: online ? T.switchedOn(m.name) : T.switchedOff(m.name) });
    } catch {
      // The toast said why; the switch stays as it was.
    } finally {
      setPending(null);
    }
  };

  const toggle = (m: CodeMember, online: boolean) => {
    const othersEligible = list.some((o) => o.userid !== m.userid && eligible(o));
    if (online || othersEligible || !eligible(m)) return void apply(m, online);
    void modal.confirm({
      title: T.lastOffTitle,
      content: T.lastOffHint(m.name),
      okText: T.offlineOk,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: () => apply(m, false),
    });
  };

  const canManage = useCan('channel-qrcode.manage');
  // Seats are 资源包's: releasing them takes its action key, not the code's.
  const canReleaseSeats = useCan('package.manage');
  const release = useReleaseCodeSeats(workId);
  const confirmRelease = () =>
    void modal.confirm({
      title: T.releaseSeatsTitle,
      content: T.releaseSeatsHint,
      okText: T.releaseSeatsOk,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: () => runAction(() => release.mutateAsync(id), { success: (r) => T.releasedSeats(r.count) }).catch(() => undefined),
    });

  const columns: ColumnsType<CodeMember> = [
    {
      title: T.mcol.member,
      key: 'member',
      render: (_, m) => (
        <Space size={8}>
          <Avatar size={28} src={m.avatar || undefined}>
            {m.name.slice(0, 1)}
          </Avatar>
          <span data-testid="code-member-name">{m.name}</span>
          {m.backup ? (
            <Tooltip title={T.backupHint}>
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                {T.backupMark}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: T.mcol.cap,
      key: 'cap',
      width: 150,
      render: (_, m) => (
        <Flex vertical>
          <span>{m.effectiveCap > 0 ? `${m.effectiveCap} 人/天` : T.unlimited}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.dailyCap === null ? T.capCode : T.capOwn}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: T.mcol.addsToday,
      key: 'today',
      width: 160,
      render: (_, m) =>
        m.effectiveCap > 0 ? (
          <Flex vertical style={{ width: 120 }}>
            <span>
              {m.addsToday} / {m.effectiveCap}
            </span>
            <Progress percent={Math.min(100, (m.addsToday / m.effectiveCap) * 100)} showInfo={false} size="small" status={m.addsToday >= m.effectiveCap ? 'exception' : 'normal'} />
          </Flex>
        ) : (
          m.addsToday
        ),
    },
    { title: T.mcol.addsTotal, dataIndex: 'addsTotal', width: 100, align: 'right' },
    { title: T.mcol.state, key: 'state', width: 220, render: (_, m) => <State member={m} distribution={distribution} /> },
    // A view-only child sees each member's state, not the switch it could not use.
    ...(canManage
      ? ([
          {
            title: T.mcol.online,
            key: 'online',
            width: 90,
            render: (_, m) => (
              <Switch
                size="small"
                checked={m.switchOn}
                loading={pending === m.userid}
                onChange={(on) => toggle(m, on)}
                aria-label={`${m.name} ${T.mcol.online}`}
                data-testid="member-switch"
              />
            ),
          },
        ] as ColumnsType<CodeMember>)
      : []),
  ];

  const receiving = list.filter(isReceiving).length;
  return (
    <Card
      variant="borderless"
      title={T.membersTitle}
      extra={
        members.data ? (
          <Space size={16}>
            <Typography.Text type="secondary">{T.membersReceiving(receiving, list.length)}</Typography.Text>
            {canReleaseSeats && list.length ? (
              <Button size="small" onClick={confirmRelease} loading={release.isPending} data-testid="release-seats">
                {T.releaseSeats}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
      data-testid="member-card"
    >
      {holder}
      {members.data?.noneAvailable ? <Alert type="warning" showIcon title={T.noneAvailable} description={T.noneAvailableHint} style={{ marginBottom: 16 }} data-testid="none-available" /> : null}
      {members.isError && !members.data ? (
        <LoadAlert error={members.error} />
      ) : (
        <Table<CodeMember>
          data-testid="member-table"
          rowKey="userid"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={members.isPending}
          pagination={false}
          locale={{ emptyText: T.noMembers }}
        />
      )}
    </Card>
  );
}

// 登录设备: the account's live sessions (device, IP, login time, last activity); 「退出该设备」 ends one
// other session, 「退出其他设备」 all but this one, each after a confirm. The browser of an ended session
// is sent to the login modal by its next request (401).
import { Button, Card, Table, Tag, Tooltip, Typography, type ButtonProps } from 'antd';
import type { LoginSession } from '@scrm/contracts/user-centre';
import { formatTime } from '@scrm/web-kit';
import { LoadAlert, useConfirmAction } from '@scrm/web-parts';
import { useSessions } from '../../api/list-sessions';
import { useRevokeOtherSessions } from '../../api/revoke-other-sessions';
import { useRevokeSession } from '../../api/revoke-session';
import { T } from '../../texts';

export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const { holder, confirm } = useConfirmAction();
  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current).length;

  const askRevoke = (s: LoginSession) =>
    void confirm({
      title: T.revokeTitle,
      content: T.revokeContent(s.device),
      okText: T.confirmOk,
      cancelText: T.cancel,
      okButtonProps: { 'data-testid': 'session-revoke-ok' } as ButtonProps,
      run: () => revoke.mutateAsync(s.id),
      success: T.revokeDone,
    });

  const askRevokeOthers = () =>
    void confirm({
      title: T.revokeOthersTitle,
      content: T.revokeOthersContent,
      okText: T.revokeOthers,
      cancelText: T.cancel,
      okButtonProps: { 'data-testid': 'session-revoke-others-ok' } as ButtonProps,
      run: () => revokeOthers.mutateAsync(),
      success: T.revokeOthersDone(others),
    });

  return (
    <Card
      title={T.sessionsTitle}
      variant="borderless"
      data-testid="sessions-card"
      extra={
        <Button danger disabled={others === 0} onClick={askRevokeOthers} data-testid="session-revoke-others">
          {T.revokeOthers}
        </Button>
      }
    >
      {holder}
      <Typography.Paragraph type="secondary">{T.sessionsHint}</Typography.Paragraph>
      {sessions.isError ? (
        <LoadAlert error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Table<LoginSession>
          rowKey="id"
          size="middle"
          loading={sessions.isLoading}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: T.noOtherSessions }}
          data-testid="sessions-table"
          columns={[
            {
              key: 'device',
              title: T.device,
              render: (_, s) => (
                <span>
                  <Tooltip title={s.userAgent || undefined}>
                    <span>{s.device}</span>
                  </Tooltip>
                  {s.current ? (
                    <Tag color="processing" style={{ marginInlineStart: 8 }} data-testid="current-session">
                      {T.currentDevice}
                    </Tag>
                  ) : null}
                </span>
              ),
            },
            { key: 'ip', title: T.ip, dataIndex: 'ip', width: 160, render: (ip: string) => ip || '—' },
            { key: 'createdAt', title: T.loginAt, dataIndex: 'createdAt', width: 180, render: (t: number) => formatTime(t) },
            { key: 'lastSeenAt', title: T.lastSeen, dataIndex: 'lastSeenAt', width: 180, render: (t: number) => formatTime(t) },
            {
              key: 'actions',
              title: T.actions,
              width: 120,
              render: (_, s) =>
                s.current ? (
                  <Typography.Text type="secondary">—</Typography.Text>
                ) : (
                  <Button type="link" danger size="small" style={{ padding: 0 }} onClick={() => askRevoke(s)} data-testid="session-revoke">
                    {T.revoke}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

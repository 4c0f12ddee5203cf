// 通知类型: each class switched on or off for every recipient, and whether it also goes by SMS.
import { Alert, Switch, Table, Typography } from 'antd';
import type { NotifyClassSetting } from '@scrm/contracts/notify';
import { runAction } from '@scrm/web-kit';
import { LoadAlert } from '@scrm/web-parts';
import { useNotifyClasses } from '../../api/list-notify-classes';
import { useUpdateNotifyClass } from '../../api/update-notify-class';
import { T } from '../../texts';

export function Classes() {
  const classes = useNotifyClasses();
  const update = useUpdateNotifyClass();
  const change = (body: { key: NotifyClassSetting['key']; enabled?: boolean; sms?: boolean }) =>
    void runAction(() => update.mutateAsync(body), { success: T.classes.saved }).catch(() => undefined);
  const columns = [
    { title: T.classes.name, dataIndex: 'name', width: 160, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: T.classes.description, dataIndex: 'description', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
    {
      title: T.classes.enabled,
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean, c: NotifyClassSetting) => <Switch size="small" checked={v} onChange={(enabled) => change({ key: c.key, enabled })} data-testid={`enabled-${c.key}`} />,
    },
    {
      title: T.classes.sms,
      dataIndex: 'sms',
      width: 120,
      render: (v: boolean, c: NotifyClassSetting) => (
        <Switch size="small" checked={v} disabled={!c.enabled} onChange={(sms) => change({ key: c.key, sms })} data-testid={`sms-${c.key}`} />
      ),
    },
  ];
  if (classes.isError && !classes.data) return <LoadAlert error={classes.error} onRetry={() => void classes.refetch()} />;
  return (
    <div data-testid="classes">
      <Alert type="info" showIcon title={T.classes.hint} style={{ marginBottom: 16 }} />
      <Table<NotifyClassSetting> rowKey="key" columns={columns} dataSource={classes.data?.list ?? []} loading={classes.isPending} pagination={false} />
    </div>
  );
}

// Self-built (or direct) app: CorpID, AgentId and Secret; after saving, the callback settings to copy
// and a connection check.
import { useState } from 'react';
import { Alert, Button, Divider, Form, Input } from 'antd';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { runAction, store } from '@scrm/web-kit';
import { addWorkSpace } from '../../../api/add-work-space';
import { CallbackInfo } from '../../../components/callback-info';
import { ConnectionCheck } from '../../../components/connection-check';
import { T } from '../../../texts';

interface Values {
  nickname: string;
  corpId: string;
  agentId?: string;
  secret: string;
}

export function InternalConnect({ accessType, onDone }: { accessType: 'internal' | 'direct'; onDone: () => void }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<WorkSpaceInfo | null>(null);

  const submit = async (v: Values) => {
    setSaving(true);
    setError(null);
    try {
      const info = await runAction(
        () => addWorkSpace({ accessType, nickname: v.nickname.trim(), corpId: v.corpId.trim(), agentId: v.agentId?.trim() || undefined, secret: v.secret.trim() }),
        { success: T.connected },
      );
      setSaved(info);
      store.emit('onWorkListRefresh');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    return (
      <div data-testid="connect-result">
        <Alert type="success" showIcon message={T.connected} style={{ marginBottom: 16 }} />
        <CallbackInfo info={saved} />
        <Divider />
        <ConnectionCheck initial={saved} />
        <Divider />
        <Button type="primary" onClick={onDone}>
          {T.finish}
        </Button>
      </div>
    );
  }

  return (
    <Form<Values> layout="vertical" style={{ maxWidth: 520 }} onFinish={submit} data-testid="connect-form">
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="nickname" label={T.nickname} rules={[{ required: true, whitespace: true, message: T.nicknameRequired }]}>
        <Input placeholder={T.nicknamePlaceholder} maxLength={64} />
      </Form.Item>
      <Form.Item name="corpId" label={T.corpId} rules={[{ required: true, whitespace: true, message: T.corpIdRequired }]}>
        <Input placeholder={T.corpIdPlaceholder} maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item name="agentId" label={T.agentId} rules={[{ pattern: /^\d*$/, message: T.agentIdInvalid }]}>
        <Input placeholder={T.agentIdPlaceholder} maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item name="secret" label={T.secret} rules={[{ required: true, whitespace: true, message: T.secretRequired }]}>
        <Input.Password placeholder={T.secretPlaceholder} maxLength={256} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {T.saveAndConnect}
      </Button>
    </Form>
  );
}

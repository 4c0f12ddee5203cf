// 编辑企业账号 (?id=): nickname, AgentId and Secret, with the same callback settings and status check;
// for a corp authorised through the provider or 代开发, a second tab 接口许可 (?tab=licence).
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Divider, Flex, Form, Input, Result, Skeleton, Tabs, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACCESS_TYPE_LABEL } from '@scrm/contracts/workspace';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { runAction, store } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { useWorkSpace } from '../../api/get-work-space';
import { useUpdateWorkSpace } from '../../api/update-work-space';
import { CallbackInfo } from '../../components/callback-info';
import { ConnectionCheck } from '../../components/connection-check';
import { LT, T } from '../../texts';
import { LicencePanel } from './licence/licence-panel';

interface Values {
  nickname: string;
  agentId?: string;
  secret?: string;
}

function EditForm({ info }: { info: WorkSpaceInfo }) {
  const update = useUpdateWorkSpace();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const bySecret = info.accessType === 'internal' || info.accessType === 'direct';
  const submit = async (v: Values) => {
    setSaving(true);
    setError(null);
    try {
      await runAction(
        () =>
          update.mutateAsync({
            id: info.id,
            nickname: v.nickname.trim(),
            ...(bySecret ? { agentId: v.agentId?.trim() ?? '' } : {}),
            ...(v.secret?.trim() ? { secret: v.secret.trim() } : {}),
          }),
        { success: T.saved },
      );
      form.setFieldValue('secret', '');
      store.emit('onWorkListRefresh');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{ nickname: info.nickname, agentId: info.agentId }}
      onFinish={submit}
      data-testid="edit-form"
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="nickname" label={T.nickname} rules={[{ required: true, whitespace: true, message: T.nicknameRequired }]}>
        <Input maxLength={64} />
      </Form.Item>
      {bySecret ? (
        <>
          <Form.Item name="agentId" label={T.agentId} rules={[{ pattern: /^\d*$/, message: T.agentIdInvalid }]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item name="secret" label={T.secret} extra={T.secretKeep}>
            <Input.Password placeholder={T.secretKeep} maxLength={256} autoComplete="new-password" />
          </Form.Item>
        </>
      ) : null}
      <Button type="primary" htmlType="submit" loading={saving}>
        {T.save}
      </Button>
    </Form>
  );
}

export default function QwEditPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useWorkSpace(id, { enabled: valid });
  const back = <Button onClick={() => navigate('/qw/list')}>{T.back}</Button>;

  let body;
  if (!valid || query.isError)
    body = <Result status="warning" title={valid ? query.error?.message || T.notFound : T.notFound} extra={back} />;
  else if (query.isPending) body = <Skeleton active />;
  else {
    const info = query.data;
    // 接口许可 concern corps authorised through the provider (third) or 代开发 (replace) only
    const licensed = info.accessType === 'third' || info.accessType === 'replace';
    const tab = licensed && params.get('tab') === 'licence' ? 'licence' : 'settings';
    const settings = (
      <Flex vertical gap={16}>
        <EditForm key={info.id} info={info} />
        <Divider style={{ margin: 0 }} />
        <CallbackInfo info={info} />
        <Divider style={{ margin: 0 }} />
        <ConnectionCheck initial={info} />
      </Flex>
    );
    body = (
      <Flex vertical gap={16}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={T.accessType}>
            <Tag color="blue">{ACCESS_TYPE_LABEL[info.accessType]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={T.corpId}>{info.corpId}</Descriptions.Item>
          <Descriptions.Item label={T.corpName}>{info.corpName || '—'}</Descriptions.Item>
        </Descriptions>
        {licensed ? (
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams((p) => (key === 'licence' ? p.set('tab', 'licence') : p.delete('tab'), p), { replace: true })}
            items={[
              { key: 'settings', label: LT.settingsTab, children: settings },
              { key: 'licence', label: LT.tab, children: <LicencePanel id={info.id} /> },
            ]}
          />
        ) : (
          settings
        )}
      </Flex>
    );
  }
  return (
    <PageFrame title={T.editTitle} extra={back}>
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        {body}
      </Card>
    </PageFrame>
  );
}

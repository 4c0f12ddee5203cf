// 分销商登录: phone and SMS code; 获取验证码 counts down 60 s after a send.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { toast, useCountdown } from '@scrm/web-kit';
import { setPortalToken } from '../api/client';
import { portalLogin, sendPortalCode } from '../api/login';
import { T } from '../texts';

const phoneRules = [
  { required: true, message: T.login.phoneEmpty },
  { pattern: /^\d{11}$/, message: T.login.phoneFormat },
];

/** The code input and its 获取验证码 button, one form field (so its error follows the input). */
function CodeField(props: { value?: string; onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void; sendLabel: string; sendDisabled: boolean; sending: boolean; onSend: () => void }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={props.value} onChange={props.onChange} placeholder={T.login.codePlaceholder} maxLength={6} inputMode="numeric" data-testid="portal-code" />
      <Button onClick={props.onSend} disabled={props.sendDisabled} loading={props.sending} data-testid="portal-sms-send">
        {props.sendLabel}
      </Button>
    </Space.Compact>
  );
}

export function LoginPage() {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const navigate = useNavigate();
  const { remaining, start } = useCountdown();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const send = async () => {
    setError(null);
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const { cooldown } = await sendPortalCode(form.getFieldValue('phone'));
      start(cooldown);
      toast.success(T.login.sent);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: { phone: string; code: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      const { token } = await portalLogin({ phone: values.phone, code: values.code });
      setPortalToken(token);
      navigate('/distributor/customers', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="portal-login">
      <Card data-testid="portal-login">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {T.login.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{T.login.hint}</Typography.Paragraph>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="portal-login-error" /> : null}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item name="phone" label={T.login.phone} rules={phoneRules}>
            <Input placeholder={T.login.phonePlaceholder} maxLength={11} inputMode="numeric" data-testid="portal-phone" />
          </Form.Item>
          <Form.Item name="code" label={T.login.code} rules={[{ required: true, message: T.login.codeEmpty }]}>
            <CodeField sendLabel={remaining > 0 ? T.login.resend(remaining) : T.login.send} sendDisabled={remaining > 0} sending={sending} onSend={() => void send()} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="portal-login-submit">
            {T.login.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

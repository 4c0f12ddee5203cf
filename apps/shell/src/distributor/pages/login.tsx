// 分销商登录: phone and SMS code; 获取验证码 counts down 60 s after a send.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography, message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCountdown } from '@scrm/web-kit';
import { setPortalToken } from '../api/client';
import { portalLogin, sendPortalCode } from '../api/login';
import { T } from '../texts';

const phoneRules = [
  { required: true, message: T.login.phoneEmpty },
  { pattern: /^\d{11}$/, message: T.login.phoneFormat },
];

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
      void message.success(T.login.sent);
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
          <Form.Item label={T.login.code} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[{ required: true, message: T.login.codeEmpty }]}>
                <Input placeholder={T.login.codePlaceholder} maxLength={6} inputMode="numeric" data-testid="portal-code" />
              </Form.Item>
              <Button onClick={() => void send()} disabled={remaining > 0} loading={sending} data-testid="portal-sms-send">
                {remaining > 0 ? T.login.resend(remaining) : T.login.send}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="portal-login-submit">
            {T.login.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

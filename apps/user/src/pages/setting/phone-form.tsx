// 更换手机号 (/api/account/update/phone): the code goes to the NEW number (validated first, 60 s countdown);
// the current password proves the owner (the server asks for it only when the account has one).
import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { Msg } from '@scrm/contracts/account';
import { SMS_COOLDOWN_SECONDS } from '@scrm/contracts/constants';
import { runAction, store, toast, useCountdown, type UserInfo } from '@scrm/web-kit';
import { useSendSmsCode } from '../../api/send-sms-code';
import { useUpdatePhone } from '../../api/update-phone';
import { T } from '../../texts';
import { MAX_PASSWORD, codeRules, phoneRules } from './rules';

interface Values {
  phone: string;
  code: string;
  password?: string;
}

export function PhoneForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<Values>();
  const send = useSendSmsCode();
  const update = useUpdatePhone();
  const { remaining, start } = useCountdown();
  const [saving, setSaving] = useState(false);

  const sendCode = async () => {
    // The phone field first (spec §5): nothing is sent for a wrong number.
    const ok = await form.validateFields(['phone']).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    try {
      const { cooldown } = await send.mutateAsync(form.getFieldValue('phone').trim());
      toast.success(Msg.smsSent);
      start(cooldown > 0 ? cooldown : SMS_COOLDOWN_SECONDS);
    } catch {
      /* the HTTP client toasted why */
    }
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const body = { phone: values.phone.trim(), code: values.code.trim(), ...(values.password ? { password: values.password } : {}) };
      const updated = await runAction(() => update.mutateAsync(body), { success: T.phoneChanged });
      store.mergeUserInfo({ phone: updated.phone, account: updated.account });
      form.resetFields();
    } catch {
      /* the error toast is shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={T.phoneTitle} variant="borderless" style={{ height: '100%' }} data-testid="phone-card">
      <Typography.Paragraph>
        <Typography.Text type="secondary">{T.currentPhone}：</Typography.Text>
        <Typography.Text strong data-testid="current-phone">
          {user.phone || T.empty}
        </Typography.Text>
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit} data-testid="phone-form">
        <Form.Item name="phone" label={T.newPhone} rules={phoneRules(user.phone)}>
          <Input placeholder={T.newPhonePlaceholder} inputMode="numeric" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label={T.code} required>
          <Flex gap={8}>
            <Form.Item name="code" rules={codeRules} noStyle>
              <Input placeholder={T.codePlaceholder} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <Button onClick={sendCode} disabled={remaining > 0} loading={send.isPending} style={{ minWidth: 120 }} data-testid="phone-sms-send">
              {T.sendCode(remaining)}
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item name="password" label={T.currentPassword} extra={T.currentPasswordHelp}>
          <Input.Password placeholder={T.currentPasswordPlaceholder} maxLength={MAX_PASSWORD} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {T.changePhone}
        </Button>
      </Form>
    </Card>
  );
}

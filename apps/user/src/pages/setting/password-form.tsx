// Changes the password (/api/account/update/password).
import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { runAction } from '@scrm/web-kit';
import { useUpdatePassword } from '../../api/update-password';
import { T } from '../../texts';
import { MAX_PASSWORD, confirmRules, newPasswordRules, oldPasswordRules } from './rules';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

export function PasswordForm() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const update = useUpdatePassword();

  const submit = async ({ oldPassword, password }: Values) => {
    setSaving(true);
    try {
      await runAction(() => update.mutateAsync({ oldPassword, password }), { success: T.passwordSaved });
      form.resetFields();
    } catch {
      /* the error toast is shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={T.passwordTitle} variant="borderless" style={{ height: '100%' }}>
      <Form<Values> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit} data-testid="password-form">
        <Form.Item name="oldPassword" label={T.oldPassword} rules={oldPasswordRules}>
          <Input.Password placeholder={`请输入${T.oldPassword}`} maxLength={MAX_PASSWORD} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={T.newPassword} rules={newPasswordRules} dependencies={['oldPassword']}>
          <Input.Password placeholder={`请输入${T.newPassword}`} maxLength={MAX_PASSWORD} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={T.confirmPassword} rules={confirmRules} dependencies={['password']}>
          <Input.Password placeholder={T.confirmRequired} maxLength={MAX_PASSWORD} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {T.changePassword}
        </Button>
      </Form>
    </Card>
  );
}

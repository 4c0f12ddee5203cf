// Changes the account name and nickname (/api/account/update/account).
import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { runAction, store, toast, type UserInfo } from '@scrm/web-kit';
import { useUpdateAccount } from '../../api/update-account';
import { T } from '../../texts';
import { accountRules, nicknameRules, MAX_NAME } from './rules';

interface Values {
  account: string;
  nickname: string;
}

export function ProfileForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const update = useUpdateAccount();

  const submit = async (values: Values) => {
    const body = { account: values.account.trim(), nickname: values.nickname.trim() };
    const changed = Object.fromEntries(Object.entries(body).filter(([key, value]) => user[key as keyof Values] !== value));
    if (Object.keys(changed).length === 0) {
      toast.info(T.profileUnchanged);
      return;
    }
    setSaving(true);
    try {
      await runAction(() => update.mutateAsync(changed), { success: T.profileSaved });
      store.mergeUserInfo(changed);
    } catch {
      /* the error toast is shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={T.profileTitle} variant="borderless" style={{ height: '100%' }}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        initialValues={{ account: user.account, nickname: user.nickname }}
        onFinish={submit}
        data-testid="profile-form"
      >
        <Form.Item name="account" label={T.account} rules={accountRules} extra={T.accountHelp}>
          <Input placeholder={T.accountPlaceholder} maxLength={MAX_NAME} autoComplete="username" />
        </Form.Item>
        <Form.Item name="nickname" label={T.nickname} rules={nicknameRules}>
          <Input placeholder={T.nicknamePlaceholder} maxLength={MAX_NAME} autoComplete="nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {T.save}
        </Button>
      </Form>
    </Card>
  );
}

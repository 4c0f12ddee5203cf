// A child account's password field (new child, reset password): required, 6-32 characters, in Chinese.
import { Form, Input } from 'antd';
import { CHILD as T } from '../texts';

export function ChildPasswordItem({ label, testId }: { label: string; testId: string }) {
  return (
    <Form.Item
      name="password"
      label={label}
      rules={[
        { required: true, message: T.passwordRequired },
        { min: 6, max: 32, message: T.passwordLength },
      ]}
    >
      <Input.Password placeholder={T.passwordPlaceholder} maxLength={32} autoComplete="new-password" data-testid={testId} />
    </Form.Item>
  );
}

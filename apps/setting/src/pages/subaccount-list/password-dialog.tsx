// 重置密码: a new password for a child, which ends its sessions (it logs in again with the new one).
import { Form, Modal, Typography } from 'antd';
import type { ChildAccount } from '@scrm/contracts/child';
import { runAction } from '@scrm/web-kit';
import { useResetChildPassword } from '../../api/reset-child-password';
import { ChildPasswordItem } from '../../components/child-password-item';
import { CHILD as T } from '../../texts';

export function PasswordDialog({ child, onClose }: { child: ChildAccount | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetChildPassword();
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { password } = values;
    try {
      await runAction(() => reset.mutateAsync({ id: child!.id, password }), { success: T.passwordDone });
      onClose();
    } catch {
      // the toast said why
    }
  };
  return (
    <Modal
      open={child !== null}
      title={child ? T.passwordTitle(child.nickname || child.account) : ''}
      okText={T.save}
      cancelText={T.cancel}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      okButtonProps={{ 'data-testid': 'password-save' } as never}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{T.passwordHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <ChildPasswordItem label={T.newPassword} testId="password-input" />
      </Form>
    </Modal>
  );
}

// The dialog that creates or edits a 功能角色: its name and its tree of menu and action keys.
import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import type { ChildRole } from '@scrm/contracts/child';
import { runAction } from '@scrm/web-kit';
import { useAddRole } from '../../api/add-role';
import { useUpdateRole } from '../../api/update-role';
import { RoleKeysTree, treeKeysOf } from '../../components/role-keys-tree';
import { ROLE as T } from '../../texts';

export interface RoleDraft {
  /** Editing this role; none: a new one. */
  role?: ChildRole;
  title: string;
  name: string;
  keys: string[];
}

interface Values {
  name: string;
  keys: string[];
}

export function RoleEditor({ draft, onClose }: { draft: RoleDraft | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddRole();
  const update = useUpdateRole();
  useEffect(() => {
    if (draft) form.setFieldsValue({ name: draft.name, keys: treeKeysOf(draft.keys) });
  }, [draft, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const body = { name: values.name.trim(), permissionKeys: values.keys };
    try {
      await runAction(() => (draft?.role ? update.mutateAsync({ id: draft.role.id, ...body }) : add.mutateAsync(body)), { success: T.saved });
      onClose();
    } catch {
      // the toast said why; the dialog stays open
    }
  };

  return (
    <Modal
      open={draft !== null}
      title={draft?.title}
      width={640}
      okText={T.save}
      cancelText={T.cancel}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'role-save' } as never}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="name"
          label={T.name}
          rules={[
            { required: true, whitespace: true, message: T.nameRequired },
            { max: 30, message: T.nameMax },
          ]}
        >
          <Input placeholder={T.namePlaceholder} maxLength={30} showCount data-testid="role-name" />
        </Form.Item>
        <Form.Item
          name="keys"
          label={T.keys}
          extra={draft?.role ? T.editHint : undefined}
          rules={[{ validator: async (_, v: string[] | undefined) => { if (!v?.length) throw new Error(T.keysRequired); } }]}
        >
          <RoleKeysTree />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8, marginBottom: 0 }}>
          {T.keysHint}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

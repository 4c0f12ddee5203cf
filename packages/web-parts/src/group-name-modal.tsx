// The name dialog of GroupPanel (./group-panel.tsx): add or rename a group. Loaded when first opened.
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { runAction } from '@scrm/web-kit';
import type { PanelGroup } from './group-panel';
import { T } from './texts';

export default function GroupNameModal(props: { group: PanelGroup | null; placeholder: string; save(name: string): Promise<PanelGroup | null>; onClose(): void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await runAction(() => props.save(values.name.trim()), { success: T.group.saved });
    } catch {
      // The toast said why (e.g. 分组名称已存在); the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={props.group ? T.group.rename : T.group.add}
      okText={T.group.save}
      cancelText={T.group.cancel}
      onOk={submit}
      onCancel={props.onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" initialValues={{ name: props.group?.name ?? '' }} onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item name="name" label={T.group.name} rules={[{ required: true, whitespace: true, message: T.group.nameRequired }]}>
          <Input placeholder={props.placeholder} maxLength={30} showCount autoFocus data-testid="group-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

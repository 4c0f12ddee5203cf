// The tag page's dialogs: a new group with its tags, tags added to a group, and renaming a group or a
// tag. WeCom's rules are checked here first (names of 1–30 characters, no duplicates in a group), and
// the server's refusal, in Chinese, shows under the form.
import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Select, type ButtonProps, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { NAME_MAX, T } from '../../texts';

const length = (s: string) => [...s].length;

const nameRules = (what: string, others: string[] = [], taken = T.taken): Rule[] => [
  { required: true, whitespace: true, message: T.required(what) },
  { validator: async (_, v?: string) => { if (v && length(v.trim()) > NAME_MAX) throw new Error(T.tooLong(what)); } },
  { validator: async (_, v?: string) => { if (v && others.includes(v.trim())) throw new Error(taken(v.trim())); } },
];

/** Several tag names at once (a tags-mode select): each checked, and none already in the group. */
const namesRules = (existing: string[]): Rule[] => [
  { required: true, type: 'array', min: 1, message: T.needTags },
  {
    validator: async (_, v?: string[]) => {
      const names = (v ?? []).map((x) => x.trim()).filter(Boolean);
      if (!names.length) throw new Error(T.needTags);
      const long = names.find((n) => length(n) > NAME_MAX);
      if (long) throw new Error(T.tooLongTag(long));
      const dup = names.find((n, i) => names.indexOf(n) !== i);
      if (dup) throw new Error(T.duplicate(dup));
      const taken = names.find((n) => existing.includes(n));
      if (taken) throw new Error(T.taken(taken));
    },
  },
];

interface DialogProps<V> {
  open: boolean;
  onClose(): void;
  /** Rejects with the server's message, shown in the dialog. */
  onSubmit(values: V): Promise<unknown>;
}

function useSubmit<V>(onSubmit: (v: V) => Promise<unknown>, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (v: V) => {
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(v);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

const ServerError = ({ error }: { error?: string }) => (error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="tag-form-error" /> : null);

/** A dialog around one form: 确定 submits it, the server's refusal shows above it, closing resets it. */
function FormDialog(props: {
  open: boolean;
  title: string;
  okText: string;
  okTestId: string;
  form: FormInstance;
  busy: boolean;
  error?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { open, title, okText, okTestId, form, busy, error, onClose, children } = props;
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={T.cancel}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': okTestId } as ButtonProps}
    >
      <ServerError error={error} />
      {children}
    </Modal>
  );
}

const SPLIT = [',', '，', '、', ';', '；'];

export function NewGroupDialog({ open, onClose, onSubmit, groupNames }: DialogProps<{ groupName: string; names: string[] }> & { groupNames: string[] }) {
  const [form] = Form.useForm<{ groupName: string; names: string[] }>();
  const { busy, error, submit } = useSubmit(onSubmit, onClose);
  return (
    <FormDialog open={open} title={T.newGroupTitle} okText={T.create} okTestId="new-group-ok" form={form} busy={busy} error={error} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={(v) => submit({ groupName: v.groupName.trim(), names: v.names.map((n) => n.trim()).filter(Boolean) })}>
        <Form.Item name="groupName" label={T.groupName} rules={nameRules(T.groupName, groupNames, T.groupTaken)}>
          <Input placeholder={T.groupNamePlaceholder} maxLength={NAME_MAX} showCount data-testid="group-name" />
        </Form.Item>
        <Form.Item name="names" label={T.tagNames} rules={namesRules([])} extra={T.tagNamesExtra} validateFirst>
          <Select mode="tags" open={false} tokenSeparators={SPLIT} placeholder={T.tagNamesPlaceholder} suffixIcon={null} data-testid="tag-names" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

export function AddTagsDialog({ open, onClose, onSubmit, groupName, existing }: DialogProps<{ names: string[] }> & { groupName: string; existing: string[] }) {
  const [form] = Form.useForm<{ names: string[] }>();
  const { busy, error, submit } = useSubmit(onSubmit, onClose);
  return (
    <FormDialog open={open} title={T.addTagTitle(groupName)} okText={T.save} okTestId="add-tags-ok" form={form} busy={busy} error={error} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={(v) => submit({ names: v.names.map((n) => n.trim()).filter(Boolean) })}>
        <Form.Item name="names" label={T.tagNames} rules={namesRules(existing)} extra={T.tagNamesExtra} validateFirst>
          <Select mode="tags" open={false} tokenSeparators={SPLIT} placeholder={T.tagNamesPlaceholder} suffixIcon={null} data-testid="add-tag-names" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Renaming a group (`others`: the other groups' names) or a tag (`others`: its group's other tags). */
export function RenameDialog({
  open,
  onClose,
  onSubmit,
  kind,
  name,
  others,
}: DialogProps<{ name: string }> & { kind: 'group' | 'tag'; name: string; others: string[] }) {
  const [form] = Form.useForm<{ name: string }>();
  const { busy, error, submit } = useSubmit(onSubmit, onClose);
  const what = kind === 'group' ? T.groupName : T.tagName;
  return (
    <FormDialog
      open={open}
      title={kind === 'group' ? T.renameGroupTitle : T.renameTagTitle}
      okText={T.save}
      okTestId="rename-ok"
      form={form}
      busy={busy}
      error={error}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ name }} onFinish={(v) => submit({ name: v.name.trim() })}>
        <Form.Item name="name" label={what} rules={nameRules(what, others, kind === 'group' ? T.groupTaken : T.taken)}>
          <Input maxLength={NAME_MAX} showCount data-testid="rename-input" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

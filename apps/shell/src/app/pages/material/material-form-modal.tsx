// Create or edit one material, with the fields its type needs (the server checks the same rules).
import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { MATERIAL_TYPE_LABEL, type Material, type MaterialFile, type MaterialGroup, type MaterialInput, type MaterialType } from '@scrm/contracts/material';
import { runAction, useStore } from '@scrm/web-kit';
import { useAddMaterial, useUpdateMaterial } from '@scrm/web-parts';
import { FileField } from './file-field';
import { T } from './texts';

interface FormValues {
  title: string;
  groupId: number;
  content?: string;
  url?: string;
  appid?: string;
  page?: string;
  file?: MaterialFile | null;
  cover?: MaterialFile | null;
}

const NO_GROUP = 0;
const utf8 = (text: string) => new TextEncoder().encode(text).length;
/** WeCom counts a link's and a mini-program's card text in UTF-8 bytes. */
const BYTE_LIMIT: Partial<Record<MaterialType, number>> = { link: 128, miniprogram: 64 };
const DESC_BYTES = 512;
const byteRule = (max: number, message: string) => ({
  validator: (_: unknown, value: string | undefined) => (utf8((value ?? '').trim()) > max ? Promise.reject(new Error(message)) : Promise.resolve()),
});
const FILE_LABEL = { image: T.image, video: T.video, file: T.file } as const;

export interface MaterialFormModalProps {
  type: MaterialType;
  /** Editing this one; else a new material. */
  material?: Material;
  groups: MaterialGroup[];
  /** A new material's group (the one being browsed). */
  defaultGroupId?: number | null;
  onClose(): void;
  onSaved(m: Material): void;
}

export function MaterialFormModal({ type, material, groups, defaultGroupId, onClose, onSaved }: MaterialFormModalProps) {
  const workId = useStore('workId');
  const add = useAddMaterial(workId);
  const update = useUpdateMaterial(workId);
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const label = MATERIAL_TYPE_LABEL[type];

  const initial: FormValues = {
    title: material?.title ?? '',
    groupId: material ? (material.groupId ?? NO_GROUP) : (defaultGroupId ?? NO_GROUP),
    content: material?.content ?? '',
    url: material?.url ?? '',
    appid: material?.appid ?? '',
    page: material?.page ?? '',
    file: material?.file ?? null,
    cover: material?.cover ?? null,
  };

  /** An empty title takes the uploaded file's name (without its extension). */
  const fillTitle = (file: MaterialFile) => {
    if ((form.getFieldValue('title') ?? '').trim()) return;
    const base = file.name.replace(/\.[^.]+$/, '').slice(0, 64);
    if (base) form.setFieldValue('title', base);
  };

  const submit = async () => {
    // Invalid: the form shows why under each field.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const input: MaterialInput = {
      type,
      title: v.title.trim(),
      groupId: v.groupId === NO_GROUP ? null : v.groupId,
      ...(type === 'text' ? { content: v.content } : {}),
      ...(type === 'link' ? { url: v.url?.trim(), content: v.content ?? '', coverFileId: v.cover?.fileId ?? null } : {}),
      ...(type === 'miniprogram' ? { appid: v.appid?.trim(), page: v.page?.trim(), coverFileId: v.cover?.fileId ?? null } : {}),
      ...(type === 'image' || type === 'video' || type === 'file' ? { fileId: v.file?.fileId ?? null } : {}),
    };
    setSaving(true);
    try {
      const saved = await runAction(() => (material ? update.mutateAsync({ ...input, id: material.id }) : add.mutateAsync(input)), {
        success: material ? T.saved : T.created,
      });
      onSaved(saved);
    } catch {
      // The toast said why; the form stays for a fix.
    } finally {
      setSaving(false);
    }
  };

  const titleBytes = BYTE_LIMIT[type];
  const fileKind = type === 'image' || type === 'video' || type === 'file' ? type : null;

  return (
    <Modal
      open
      title={material ? T.editOf(label) : T.createOf(label)}
      okText={T.save}
      cancelText={T.cancel}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initial} requiredMark style={{ marginTop: 16 }} data-testid="material-form">
        {fileKind ? (
          <Form.Item name="file" label={FILE_LABEL[fileKind]} rules={[{ required: true, message: T.fileRequired(FILE_LABEL[fileKind]) }]}>
            <FileField kind={fileKind} label={FILE_LABEL[fileKind]} onUploaded={fillTitle} testId="material-file" />
          </Form.Item>
        ) : null}

        <Form.Item
          name="title"
          label={T.title}
          extra={titleBytes ? T.bytesHint(titleBytes) : undefined}
          rules={[{ required: true, whitespace: true, message: T.titleRequired }, ...(titleBytes ? [byteRule(titleBytes, T.tooManyBytes(T.title, titleBytes))] : [])]}
        >
          <Input
            maxLength={titleBytes ? undefined : 64}
            count={titleBytes ? { show: true, max: titleBytes, strategy: utf8 } : undefined}
            showCount={!titleBytes}
            placeholder={type === 'link' || type === 'miniprogram' ? T.titleLinkPlaceholder : T.titlePlaceholder}
            data-testid="material-title"
          />
        </Form.Item>

        {type === 'text' ? (
          <Form.Item name="content" label={T.content} rules={[{ required: true, whitespace: true, message: T.contentRequired }]}>
            <Input.TextArea rows={6} maxLength={1300} showCount placeholder={T.contentPlaceholder} data-testid="material-content" />
          </Form.Item>
        ) : null}

        {type === 'link' ? (
          <>
            <Form.Item
              name="url"
              label={T.url}
              rules={[
                { required: true, whitespace: true, message: T.urlRequired },
                { pattern: /^https?:\/\/[^\s/]+/i, message: T.urlInvalid },
              ]}
            >
              <Input maxLength={1024} placeholder="https://" data-testid="material-url" />
            </Form.Item>
            <Form.Item name="content" label={T.description} extra={T.bytesHint(DESC_BYTES)} rules={[byteRule(DESC_BYTES, T.tooManyBytes(T.description, DESC_BYTES))]}>
              <Input.TextArea rows={2} count={{ show: true, max: DESC_BYTES, strategy: utf8 }} placeholder={T.descriptionPlaceholder} />
            </Form.Item>
            <Form.Item name="cover" label={T.coverOptional}>
              <FileField kind="image" label={T.cover} testId="material-cover" compact />
            </Form.Item>
          </>
        ) : null}

        {type === 'miniprogram' ? (
          <>
            <Form.Item
              name="appid"
              label={T.appid}
              extra={T.appidHint}
              rules={[
                { required: true, whitespace: true, message: T.appidRequired },
                { pattern: /^\s*wx[0-9a-zA-Z]{16}\s*$/, message: T.appidInvalid },
              ]}
            >
              <Input maxLength={18} placeholder="wx" data-testid="material-appid" />
            </Form.Item>
            <Form.Item
              name="page"
              label={T.page}
              rules={[
                { required: true, whitespace: true, message: T.pageRequired },
                { pattern: /\.html(\?.*)?\s*$/, message: T.pageInvalid },
              ]}
            >
              <Input maxLength={255} placeholder={T.pagePlaceholder} data-testid="material-page" />
            </Form.Item>
            <Form.Item name="cover" label={T.cover} extra={T.miniprogramCoverHint} rules={[{ required: true, message: T.coverRequired }]}>
              <FileField kind="image" label={T.cover} testId="material-cover" compact />
            </Form.Item>
          </>
        ) : null}

        <Form.Item name="groupId" label={T.group}>
          <Select options={[{ value: NO_GROUP, label: T.noGroup }, ...groups.map((g) => ({ value: g.id, label: g.name }))]} data-testid="material-group" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

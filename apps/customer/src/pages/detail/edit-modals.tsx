// A follow relation edited from the record: remark, description and phone numbers, and its tags.
// Both go to WeCom first; the modal closes once WeCom took the change and the record is read again.
import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomerFollow } from '@scrm/contracts/customer';
import { ApiRequestError } from '@scrm/web-kit';
import { TagSelect } from '@scrm/web-parts';
import { useMarkFollowTags } from '../../api/mark-follow-tags';
import { useUpdateRemark } from '../../api/update-remark';
import { DETAIL as T } from '../../texts';

const MOBILE = /^[0-9+\- ]{1,32}$/;
const messageOf = (e: unknown) => (e instanceof ApiRequestError || e instanceof Error ? e.message : String(e));

interface RemarkValues {
  remark: string;
  description: string;
  remarkMobiles: string[];
}

export function RemarkModal({ externalUserid, follow, onClose }: { externalUserid: string; follow: CustomerFollow; onClose(): void }) {
  const [form] = Form.useForm<RemarkValues>();
  const save = useUpdateRemark();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const v = await form.validateFields();
    setError(null);
    try {
      await save.mutateAsync({
        externalUserid,
        userid: follow.userid,
        remark: v.remark ?? '',
        description: v.description ?? '',
        remarkMobiles: (v.remarkMobiles ?? []).map((m) => m.trim()).filter(Boolean),
      });
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Modal open title={`${T.editRemark} · ${follow.memberName}`} onCancel={onClose} onOk={submit} okText={T.save} cancelText={T.cancel} confirmLoading={save.isPending} data-testid="remark-modal">
      <Form form={form} layout="vertical" initialValues={{ remark: follow.remark, description: follow.description, remarkMobiles: follow.remarkMobiles }}>
        <Form.Item name="remark" label={T.remark} rules={[{ max: 20, message: T.remarkMax }]}>
          <Input maxLength={20} showCount data-testid="remark-input" />
        </Form.Item>
        <Form.Item name="description" label={T.description} rules={[{ max: 150, message: T.descriptionMax }]}>
          <Input.TextArea maxLength={150} showCount rows={3} data-testid="description-input" />
        </Form.Item>
        <Form.List name="remarkMobiles">
          {(fields, { add, remove }) => (
            <Form.Item label={T.remarkMobiles}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={field.name} noStyle rules={[{ pattern: MOBILE, message: T.mobileInvalid }]}>
                      <Input style={{ width: 220 }} data-testid="mobile-input" />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} />
                  </Space>
                ))}
                {fields.length < 5 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} data-testid="mobile-add">
                    {T.addMobile}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{T.mobilesMax}</Typography.Text>
                )}
              </Space>
            </Form.Item>
          )}
        </Form.List>
        {error ? <Typography.Text type="danger" data-testid="remark-error">{error}</Typography.Text> : null}
      </Form>
    </Modal>
  );
}

export function TagsModal({ externalUserid, follow, onClose }: { externalUserid: string; follow: CustomerFollow; onClose(): void }) {
  const before = follow.tags.map((t) => t.id);
  const [tagIds, setTagIds] = useState<string[]>(before);
  const save = useMarkFollowTags();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const addTagIds = tagIds.filter((id) => !before.includes(id));
    const removeTagIds = before.filter((id) => !tagIds.includes(id));
    if (!addTagIds.length && !removeTagIds.length) return onClose();
    setError(null);
    try {
      await save.mutateAsync({ externalUserid, userid: follow.userid, addTagIds, removeTagIds });
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Modal open title={`${T.editTags} · ${follow.memberName}`} onCancel={onClose} onOk={submit} okText={T.save} cancelText={T.cancel} confirmLoading={save.isPending} data-testid="tags-modal">
      <Typography.Paragraph type="secondary">{T.tagsHint}</Typography.Paragraph>
      <TagSelect value={tagIds} onChange={setTagIds} style={{ width: '100%' }} data-testid="tags-input" />
      {error ? <Typography.Text type="danger" data-testid="tags-error">{error}</Typography.Text> : null}
    </Modal>
  );
}

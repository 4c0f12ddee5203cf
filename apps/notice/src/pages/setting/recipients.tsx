// 通知接收人: who receives notices — name, phone (SMS), the bound WeChat user, the classes each chose —
// added and re-bound by a scan, the classes, name and phone edited, deleted after a confirm.
import { useState } from 'react';
import { Button, Empty, Flex, Form, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, WechatOutlined } from '@ant-design/icons';
import type { NotifyClassKey, NotifyClassSetting, NotifyRecipient } from '@scrm/contracts/notify';
import { formatTime, runAction } from '@scrm/web-kit';
import { LoadAlert } from '@scrm/web-parts';
import { keepPreviousData } from '@tanstack/react-query';
import { useDeleteRecipient } from '../../api/delete-recipient';
import { useNotifyClasses } from '../../api/list-notify-classes';
import { useRecipients } from '../../api/list-recipients';
import { useSetRecipientClasses } from '../../api/set-recipient-classes';
import { useUpdateRecipient } from '../../api/update-recipient';
import { useUpdateRecipientPhone } from '../../api/update-recipient-phone';
import { T } from '../../texts';
import { BindModal } from './bind-modal';
import { ClassEditor } from './class-editor';

const PHONE = /^1[3-9]\d{9}$/;

function ClassesModal({ recipient, classes, onClose }: { recipient: NotifyRecipient; classes: NotifyClassSetting[]; onClose: () => void }) {
  const [value, setValue] = useState<NotifyClassKey[]>(recipient.classes);
  const save = useSetRecipientClasses();
  const submit = async () => {
    try {
      await runAction(() => save.mutateAsync({ id: recipient.id, classes: value }), { success: T.classesEditor.saved });
      onClose();
    } catch {
      // the toast said why
    }
  };
  return (
    <Modal
      open
      title={T.classesEditor.title(recipient.name)}
      okText={T.recipients.save}
      cancelText={T.recipients.cancel}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      data-testid="classes-modal"
    >
      <div style={{ marginTop: 16 }}>
        <ClassEditor classes={classes} value={value} onChange={setValue} />
      </div>
    </Modal>
  );
}

function FieldModal({ recipient, field, onClose }: { recipient: NotifyRecipient; field: 'name' | 'phone'; onClose: () => void }) {
  const [form] = Form.useForm<{ value: string }>();
  const rename = useUpdateRecipient();
  const phone = useUpdateRecipientPhone();
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      if (field === 'name') await runAction(() => rename.mutateAsync({ id: recipient.id, name: values.value.trim() }), { success: T.recipients.saved });
      else await runAction(() => phone.mutateAsync({ id: recipient.id, phone: values.value ?? '' }), { success: T.recipients.saved });
      onClose();
    } catch {
      // the toast said why
    }
  };
  return (
    <Modal
      open
      title={field === 'name' ? T.recipients.nameTitle : T.recipients.phoneTitle}
      okText={T.recipients.save}
      cancelText={T.recipients.cancel}
      confirmLoading={rename.isPending || phone.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={420}
      data-testid="field-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ value: field === 'name' ? recipient.name : recipient.phone }} style={{ marginTop: 16 }}>
        {field === 'name' ? (
          <Form.Item name="value" label={T.recipients.name} rules={[{ required: true, whitespace: true, message: T.recipients.nameRequired }, { max: 30, message: T.recipients.nameMax }]}>
            <Input maxLength={30} data-testid="field-input" />
          </Form.Item>
        ) : (
          <Form.Item name="value" label={T.recipients.phone} extra={T.recipients.phoneHint} rules={[{ pattern: PHONE, message: T.recipients.phoneInvalid }]}>
            <Input maxLength={11} allowClear data-testid="field-input" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export function Recipients() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const recipients = useRecipients({ page, pageSize }, { placeholderData: keepPreviousData });
  const classes = useNotifyClasses();
  const del = useDeleteRecipient();
  const [binding, setBinding] = useState<NotifyRecipient | 'new' | null>(null);
  const [editingClasses, setEditingClasses] = useState<NotifyRecipient | null>(null);
  const [editingField, setEditingField] = useState<{ recipient: NotifyRecipient; field: 'name' | 'phone' } | null>(null);
  const [modal, holder] = Modal.useModal();
  const classList = classes.data?.list ?? [];
  const nameOf = (key: NotifyClassKey) => classList.find((c) => c.key === key)?.name ?? key;

  const confirmDelete = (r: NotifyRecipient) =>
    void modal.confirm({
      title: T.recipients.deleteConfirm(r.name),
      content: T.recipients.deleteHint,
      okText: T.recipients.delete,
      okButtonProps: { danger: true },
      cancelText: T.recipients.cancel,
      onOk: () => runAction(() => del.mutateAsync(r.id), { success: T.recipients.deleted }).catch(() => undefined),
    });

  const columns = [
    {
      title: T.recipients.name,
      dataIndex: 'name',
      width: 160,
      render: (v: string, r: NotifyRecipient) => (
        <Flex gap={4} align="center">
          <Typography.Text strong>{v}</Typography.Text>
          <Button type="link" size="small" onClick={() => setEditingField({ recipient: r, field: 'name' })} data-testid="recipient-rename">
            {T.recipients.rename}
          </Button>
        </Flex>
      ),
    },
    {
      title: T.recipients.phone,
      dataIndex: 'phone',
      width: 210,
      render: (v: string, r: NotifyRecipient) => (
        <Flex gap={4} align="center">
          {v ? <Typography.Text style={{ whiteSpace: 'nowrap' }}>{v}</Typography.Text> : <Typography.Text type="secondary">{T.recipients.noPhone}</Typography.Text>}
          <Button type="link" size="small" onClick={() => setEditingField({ recipient: r, field: 'phone' })} data-testid="recipient-phone">
            {T.recipients.editPhone}
          </Button>
        </Flex>
      ),
    },
    {
      title: T.recipients.wechat,
      dataIndex: 'openid',
      width: 130,
      render: (v: string | null, r: NotifyRecipient) =>
        v ? (
          <Tooltip title={<>{v}<br />{r.boundAt ? T.recipients.boundAt(formatTime(r.boundAt)) : null}</>}>
            <Tag icon={<WechatOutlined />} color="success" data-testid="recipient-bound">
              {T.recipients.bound}
            </Tag>
          </Tooltip>
        ) : (
          <Tag data-testid="recipient-unbound">{T.recipients.unbound}</Tag>
        ),
    },
    {
      title: T.recipients.classes,
      dataIndex: 'classes',
      render: (keys: NotifyClassKey[]) =>
        keys.length ? (
          <Flex wrap gap={4}>
            {keys.map((k) => (
              <Tag key={k} color="blue" style={{ marginInlineEnd: 0 }}>
                {nameOf(k)}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{T.recipients.noClasses}</Typography.Text>
        ),
    },
    {
      title: T.recipients.actions,
      key: 'actions',
      width: 220,
      render: (_: unknown, r: NotifyRecipient) => (
        <Flex gap={12}>
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setEditingClasses(r)} disabled={!classList.length} data-testid="recipient-classes">
            {T.recipients.editClasses}
          </Button>
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setBinding(r)} data-testid="recipient-rebind">
            {T.recipients.rebind}
          </Button>
          <Button type="link" size="small" style={{ paddingInline: 0 }} danger onClick={() => confirmDelete(r)} data-testid="recipient-delete">
            {T.recipients.delete}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <div data-testid="recipients">
      {holder}
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{T.intro}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding('new')} data-testid="recipient-add">
          {T.recipients.add}
        </Button>
      </Flex>
      {recipients.isError && !recipients.data ? (
        <LoadAlert error={recipients.error} onRetry={() => void recipients.refetch()} data-testid="recipients-error" />
      ) : (
        <Table<NotifyRecipient>
          data-testid="recipient-table"
          rowKey="id"
          columns={columns}
          dataSource={recipients.data?.list ?? []}
          loading={recipients.isPending}
          pagination={{
            current: page,
            pageSize,
            total: recipients.data?.total ?? 0,
            showTotal: T.recipients.total,
            hideOnSinglePage: true,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          locale={{
            emptyText: (
              <Empty description={<>{T.recipients.empty}<br /><Typography.Text type="secondary">{T.recipients.emptyHint}</Typography.Text></>}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding('new')}>
                  {T.recipients.add}
                </Button>
              </Empty>
            ),
          }}
        />
      )}
      {binding ? <BindModal recipient={binding === 'new' ? undefined : binding} onClose={() => setBinding(null)} /> : null}
      {editingClasses ? <ClassesModal recipient={editingClasses} classes={classList} onClose={() => setEditingClasses(null)} /> : null}
      {editingField ? <FieldModal recipient={editingField.recipient} field={editingField.field} onClose={() => setEditingField(null)} /> : null}
    </div>
  );
}

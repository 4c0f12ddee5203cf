// 批量打标签 / 移除标签: pick the tags, start the batch, then watch its progress and read what WeCom refused.
import { useState } from 'react';
import { Alert, Button, Form, Modal, Progress, Space, Table, Typography } from 'antd';
import type { CustomerBatch, CustomerFilter } from '@scrm/contracts/customer';
import { TagSelect } from '@scrm/web-parts';
import { useQueryClient } from '@tanstack/react-query';
import { useBatch } from '../../api/get-batch';
import { customerRootKey } from '../../api/keys';
import { useStartBatchTag } from '../../api/start-batch-tag';
import { BATCH as T } from '../../texts';

export interface BatchTarget {
  mode: 'add' | 'remove';
  filter: CustomerFilter;
  /** The chosen customers; null: the whole filter result. */
  externalUserids: string[] | null;
  /** 「12 位」, 「约 1,234,567 位」 or 「超过 1,000 位」: what the whole result is. */
  allLabel: string;
}

export function BatchProgress({ batch }: { batch: CustomerBatch }) {
  const handled = batch.done + batch.failed;
  const percent = batch.total ? Math.floor((handled / batch.total) * 100) : batch.status === 'running' ? 0 : 100;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="batch-progress" data-status={batch.status}>
      <Progress percent={percent} status={batch.status === 'failed' ? 'exception' : batch.status === 'done' ? 'success' : 'active'} />
      <Typography.Text data-testid="batch-counts">{batch.counting ? T.countingRelations : T.counts(batch.done, batch.failed, batch.total)}</Typography.Text>
      {batch.status === 'running' ? <Typography.Text type="secondary">{T.running}</Typography.Text> : null}
      {batch.status === 'done' ? <Alert type={batch.failed ? 'warning' : 'success'} showIcon message={T.done} /> : null}
      {batch.status === 'failed' ? <Alert type="error" showIcon message={T.failedJob} description={batch.error} /> : null}
      {batch.failures.length ? (
        <Table
          size="small"
          data-testid="batch-failures"
          title={() => T.failures}
          rowKey={(f) => `${f.externalUserid}/${f.userid}`}
          pagination={false}
          scroll={{ y: 240 }}
          dataSource={batch.failures}
          columns={[
            { title: T.failureCustomer, dataIndex: 'customerName', render: (v: string, f) => v || f.externalUserid },
            { title: T.failureMember, dataIndex: 'memberName' },
            { title: T.failureReason, dataIndex: 'error' },
          ]}
        />
      ) : null}
    </Space>
  );
}

export function BatchTagModal({ workId, target, onClose }: { workId: number; target: BatchTarget; onClose(): void }) {
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const [batchId, setBatchId] = useState<number | null>(null);
  const start = useStartBatchTag(workId);
  const batch = useBatch(workId, batchId);
  const client = useQueryClient();
  const title = target.mode === 'add' ? T.addTitle : T.removeTitle;
  const finished = batch.data && batch.data.status !== 'running';

  const submit = async () => {
    setTouched(true);
    if (!tagIds.length) return;
    const r = await start.mutateAsync({
      filter: target.filter,
      ...(target.externalUserids ? { externalUserids: target.externalUserids } : {}),
      addTagIds: target.mode === 'add' ? tagIds : [],
      removeTagIds: target.mode === 'remove' ? tagIds : [],
    });
    setBatchId(r.id);
  };
  const close = () => {
    if (batchId !== null) void client.invalidateQueries({ queryKey: customerRootKey(workId) });
    onClose();
  };

  return (
    <Modal
      open
      title={batchId === null ? title : T.progressTitle}
      onCancel={close}
      mask={{ closable: false }}
      footer={
        batchId === null ? (
          <Space>
            <Button onClick={close}>{T.cancel}</Button>
            <Button type="primary" loading={start.isPending} onClick={submit} data-testid="batch-start">
              {T.start}
            </Button>
          </Space>
        ) : (
          <Button type={finished ? 'primary' : 'default'} onClick={close} data-testid="batch-close">
            {T.close}
          </Button>
        )
      }
      data-testid="batch-modal"
    >
      {batchId === null ? (
        <Form layout="vertical">
          <Typography.Paragraph type="secondary">
            {target.externalUserids ? T.scopeSelected(target.externalUserids.length) : T.scopeAll(target.allLabel)}
          </Typography.Paragraph>
          <Form.Item
            label={T.pickTags}
            required
            validateStatus={touched && !tagIds.length ? 'error' : undefined}
            help={touched && !tagIds.length ? T.pickTagsRequired : undefined}
          >
            <TagSelect value={tagIds} onChange={setTagIds} data-testid="batch-tags" />
          </Form.Item>
        </Form>
      ) : batch.data ? (
        <BatchProgress batch={batch.data} />
      ) : (
        <Progress percent={0} status="active" />
      )}
    </Modal>
  );
}

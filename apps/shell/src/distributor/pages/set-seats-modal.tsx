// 设置席位: a count and a term for one customer account; the seats are added to its 资源包 at once.
import { useState } from 'react';
import { Alert, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { toast } from '@scrm/web-kit';
import { DISTRIBUTOR_SEAT_MAX, type DistributorCustomer } from '@scrm/contracts/distributor-portal';
import { useDistributorInfo } from '../api/get-info';
import { useSetSeats } from '../api/set-seats';
import { T, yuan } from '../texts';

const TERMS = [30, 90, 180, 365, 730];

export function SetSeatsModal({ customer, onClose }: { customer: DistributorCustomer; onClose: () => void }) {
  const [form] = Form.useForm<{ count: number; days: number }>();
  const info = useDistributorInfo();
  const mutation = useSetSeats();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const values = await form.validateFields();
    try {
      await mutation.mutateAsync({ accountId: customer.accountId, count: values.count, days: values.days });
      toast.success(T.setSeats.done(values.count));
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Modal open title={T.setSeats.title(customer.phone)} okText={T.setSeats.ok} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} confirmLoading={mutation.isPending} destroyOnHidden>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="set-seats-error" /> : null}
      <Form form={form} layout="vertical" initialValues={{ count: 1, days: 365 }} data-testid="set-seats-form">
        <Form.Item name="count" label={T.setSeats.count} extra={T.setSeats.countHint} rules={[{ required: true, message: T.setSeats.countEmpty }]}>
          <InputNumber min={1} max={DISTRIBUTOR_SEAT_MAX} precision={0} style={{ width: 160 }} data-testid="set-seats-count" />
        </Form.Item>
        <Form.Item name="days" label={T.setSeats.term}>
          <Select style={{ width: 160 }} options={TERMS.map((d) => ({ value: d, label: T.setSeats.days(d) }))} data-testid="set-seats-days" />
        </Form.Item>
      </Form>
      {info.data ? <Typography.Text type="secondary">{T.setSeats.price(yuan(info.data.seatPriceFen))}</Typography.Text> : null}
    </Modal>
  );
}

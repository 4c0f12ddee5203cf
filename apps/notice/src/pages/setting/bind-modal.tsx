// 添加接收人 / 重新绑定: the name and phone first (a new recipient), then the official account's QR,
// polled every second until the WeChat user's scan binds it; an expired QR is refreshed by a click.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, QRCode, Result, Typography } from 'antd';
import { QR_POLL_INTERVAL_MS } from '@scrm/contracts/constants';
import type { NotifyRecipient } from '@scrm/contracts/notify';
import { getPublicConfig, toApiRequestError } from '@scrm/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { getBindCode } from '../../api/get-bind-code';
import { recipientsKey } from '../../api/list-recipients';
import { notifyAccountKey } from '../../api/get-notify-account';
import { pollBind } from '../../api/poll-bind';
import { T } from '../../texts';

const PHONE = /^1[3-9]\d{9}$/;

interface Qr {
  code: string;
  url: string;
  expiresAt: number;
}

export interface BindModalProps {
  /** Re-bind this recipient; without it, a new recipient. */
  recipient?: NotifyRecipient;
  onClose: () => void;
}

export function BindModal({ recipient, onClose }: BindModalProps) {
  const [form] = Form.useForm<{ name: string; phone?: string }>();
  const client = useQueryClient();
  const [body, setBody] = useState<{ id?: number; name?: string; phone?: string } | null>(recipient ? { id: recipient.id } : null);
  const [qr, setQr] = useState<Qr | null>(null);
  const [expired, setExpired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bound, setBound] = useState<NotifyRecipient | null>(null);
  const generation = useRef(0);

  const fetchQr = useCallback(async (b: { id?: number; name?: string; phone?: string }) => {
    const mine = ++generation.current;
    setQr(null);
    setExpired(false);
    setError(null);
    try {
      const data = await getBindCode(b);
      if (mine === generation.current) setQr({ code: data.code, url: data.url, expiresAt: Date.now() + data.expiresIn });
    } catch (e) {
      if (mine === generation.current) setError(toApiRequestError(e).message || T.bind.failed);
    }
  }, []);

  useEffect(() => {
    if (body) void fetchQr(body);
    return () => {
      generation.current += 1;
    };
  }, [body, fetchQr]);

  // Poll while a live QR is shown.
  useEffect(() => {
    if (!qr || expired || bound) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (!live) return;
      if (Date.now() >= qr.expiresAt) {
        setExpired(true);
        return;
      }
      try {
        const r = await pollBind(qr.code);
        if (!live) return;
        if (r.status === 'bound' && r.recipient) {
          setBound(r.recipient);
          void client.invalidateQueries({ queryKey: recipientsKey });
          void client.invalidateQueries({ queryKey: notifyAccountKey });
          return;
        }
        setError(null);
      } catch (e) {
        if (!live) return;
        const err = toApiRequestError(e);
        if (err.message.includes('过期')) {
          setExpired(true);
          return;
        }
        setError(err.message);
      }
      timer = setTimeout(() => void tick(), QR_POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void tick(), QR_POLL_INTERVAL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [qr, expired, bound, client]);

  const next = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBody({ name: values.name.trim(), ...(values.phone ? { phone: values.phone } : {}) });
  };

  const title = recipient ? T.bind.rebindTitle(recipient.name) : T.bind.title;
  const footer = bound ? (
    <Button type="primary" onClick={onClose} data-testid="bind-done">
      {T.bind.done}
    </Button>
  ) : body ? null : (
    <Flex justify="end" gap={8}>
      <Button onClick={onClose}>{T.recipients.cancel}</Button>
      <Button type="primary" onClick={() => void next()} data-testid="bind-next">
        {T.bind.next}
      </Button>
    </Flex>
  );

  return (
    <Modal open title={title} onCancel={onClose} footer={footer} destroyOnHidden width={440} data-testid="bind-modal">
      {bound ? (
        <Result status="success" title={T.bind.bound(bound.name)} data-testid="bind-bound" />
      ) : !body ? (
        <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item
            name="name"
            label={T.bind.name}
            rules={[
              { required: true, whitespace: true, message: T.recipients.nameRequired },
              { max: 30, message: T.recipients.nameMax },
            ]}
          >
            <Input placeholder={T.bind.namePlaceholder} maxLength={30} data-testid="bind-name" />
          </Form.Item>
          <Form.Item name="phone" label={T.bind.phone} rules={[{ pattern: PHONE, message: T.recipients.phoneInvalid }]}>
            <Input placeholder={T.bind.phonePlaceholder} maxLength={11} data-testid="bind-phone" />
          </Form.Item>
        </Form>
      ) : (
        <Flex vertical align="center" gap={12} style={{ paddingBlock: 8 }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, alignSelf: 'stretch' }}>
            {T.bind.scan}
          </Typography.Paragraph>
          {error ? <Alert type="error" showIcon title={error} style={{ alignSelf: 'stretch' }} data-testid="bind-error" /> : null}
          <div data-testid="bind-qr" data-code={qr?.code} data-url={qr?.url}>
            <QRCode
              type="svg"
              value={qr?.url ?? '-'}
              size={180}
              status={!qr ? 'loading' : expired ? 'expired' : 'active'}
              onRefresh={() => body && void fetchQr(body)}
              statusRender={
                expired
                  ? () => (
                      <Flex vertical align="center" gap={4}>
                        <Typography.Text>{T.bind.expired}</Typography.Text>
                        <Button type="link" size="small" onClick={() => body && void fetchQr(body)} data-testid="bind-refresh">
                          {T.bind.refresh}
                        </Button>
                      </Flex>
                    )
                  : undefined
              }
            />
          </div>
          {qr && !expired ? <Typography.Text type="secondary">{T.bind.waiting}</Typography.Text> : null}
          {getPublicConfig().simulator && qr && !expired ? (
            <a href={qr.url} target="_blank" rel="noreferrer">
              {T.bind.openInSimulator}
            </a>
          ) : null}
        </Flex>
      )}
    </Modal>
  );
}

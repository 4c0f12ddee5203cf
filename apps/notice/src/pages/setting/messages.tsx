// 发送记录: every message — time, class, recipient, channel, status with the failure reason and attempts.
import { useState } from 'react';
import { Button, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { NOTIFY_CLASSES, type NotifyClassKey, type NotifyMessage, type NotifyStatus } from '@scrm/contracts/notify';
import { formatTime } from '@scrm/web-kit';
import { LoadAlert } from '@scrm/web-parts';
import { keepPreviousData } from '@tanstack/react-query';
import { useNotifyMessages } from '../../api/list-notify-messages';
import { CHANNEL_LABEL, STATUS_COLOR, STATUS_LABEL, T } from '../../texts';

const className = (key: string) => NOTIFY_CLASSES.find((c) => c.key === key)?.name ?? key;

export function Messages() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [classKey, setClassKey] = useState<NotifyClassKey | undefined>();
  const [status, setStatus] = useState<NotifyStatus | undefined>();
  const body = { page, pageSize, ...(classKey ? { classKey } : {}), ...(status ? { status } : {}) };
  const messages = useNotifyMessages(body, {
    placeholderData: keepPreviousData,
    // Messages still on their way are followed until they settle.
    refetchInterval: (q) => (q.state.data?.list.some((m) => m.status === 'pending' || m.status === 'sending') ? 2000 : false),
  });
  const columns = [
    { title: T.messages.time, dataIndex: 'createdAt', width: 180, render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
    { title: T.messages.class, dataIndex: 'classKey', width: 120, render: (v: string) => <Tag style={{ marginInlineEnd: 0 }}>{className(v)}</Tag> },
    {
      title: T.messages.title,
      dataIndex: 'title',
      render: (v: string, m: NotifyMessage) => (
        <Flex vertical>
          <Typography.Text>{v}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: m.content }} style={{ fontSize: 12, maxWidth: 360 }}>
            {m.content}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: T.messages.recipient, dataIndex: 'recipientName', width: 120, render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
    {
      title: T.messages.channel,
      dataIndex: 'channel',
      width: 90,
      render: (v: NotifyMessage['channel'], m: NotifyMessage) => (
        <Tooltip title={m.target}>
          <span style={{ whiteSpace: 'nowrap' }}>{CHANNEL_LABEL[v]}</span>
        </Tooltip>
      ),
    },
    {
      title: T.messages.status,
      dataIndex: 'status',
      width: 220,
      render: (v: NotifyStatus, m: NotifyMessage) => (
        <Flex vertical gap={2} data-testid="message-status" data-status={v}>
          <span>
            <Tag color={STATUS_COLOR[v]} style={{ marginInlineEnd: 6 }}>
              {STATUS_LABEL[v]}
            </Tag>
            {m.attempts > 1 ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{T.messages.attempts(m.attempts)}</Typography.Text> : null}
          </span>
          {m.reason ? (
            <Typography.Text type={v === 'sent' ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
              {m.reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <div data-testid="messages">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<NotifyClassKey | undefined>
          allowClear
          placeholder={T.messages.allClasses}
          style={{ width: 180 }}
          value={classKey}
          onChange={(v) => {
            setClassKey(v);
            setPage(1);
          }}
          options={NOTIFY_CLASSES.map((c) => ({ value: c.key, label: c.name }))}
        />
        <Select<NotifyStatus | undefined>
          allowClear
          placeholder={T.messages.allStatus}
          style={{ width: 140 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={(Object.keys(STATUS_LABEL) as NotifyStatus[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void messages.refetch()} data-testid="messages-refresh">
          {T.messages.refresh}
        </Button>
      </Flex>
      {messages.isError && !messages.data ? (
        <LoadAlert error={messages.error} onRetry={() => void messages.refetch()} />
      ) : (
        <Table<NotifyMessage>
          data-testid="message-table"
          rowKey="id"
          columns={columns}
          dataSource={messages.data?.list ?? []}
          loading={messages.isPending}
          pagination={{
            current: page,
            pageSize,
            total: messages.data?.total ?? 0,
            showTotal: T.messages.total,
            hideOnSinglePage: true,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          locale={{ emptyText: <Empty description={<>{T.messages.empty}<br /><Typography.Text type="secondary">{T.messages.emptyHint}</Typography.Text></>} /> }}
        />
      )}
    </div>
  );
}

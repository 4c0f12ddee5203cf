// The state of a 群发 or a 朋友圈 (`SendStatus`, contracts/marketing.ts) as their lists and details show
// it: one tag, a colour and an icon per state, and WeCom's reason on hover when it failed.
import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, MinusCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { SEND_STATUS_LABEL, type SendStatus } from '@scrm/contracts/marketing';

const LOOK: Record<SendStatus, { color: string; icon: ReactNode }> = {
  scheduled: { color: 'gold', icon: <ClockCircleOutlined /> },
  sending: { color: 'processing', icon: <SyncOutlined spin /> },
  done: { color: 'success', icon: <CheckCircleOutlined /> },
  cancelled: { color: 'default', icon: <MinusCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

/** 待发送 / 发送中 / 已完成 / 已取消 / 失败; `testId` names it for the page's tests. */
export function SendStatusTag({ status, error, testId }: { status: SendStatus; error?: string | null; testId: string }) {
  const look = LOOK[status];
  const tag = (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-testid={testId} data-status={status}>
      {SEND_STATUS_LABEL[status]}
    </Tag>
  );
  return status === 'failed' && error ? <Tooltip title={`失败原因：${error}`}>{tag}</Tooltip> : tag;
}

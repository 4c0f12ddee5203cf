// A lead's QR: a small thumbnail that opens the large one with 「下载二维码」; placeholders while
// WeCom makes it, when it failed and once it expired.
import { Flex, Popover, Tooltip } from 'antd';
import { ClockCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { Lead } from '@scrm/contracts/lead';
import { QrCard } from '@scrm/web-parts';
import { downloadLeadQrcode } from '../api/download-lead-qrcode';
import { T } from '../texts';

const SIZE = 40;
const box = { width: SIZE, height: SIZE, borderRadius: 4, border: '1px solid #f0f0f0', background: '#fafafa', flex: 'none' } as const;

export function LeadQr({ lead, batchName }: { lead: Pick<Lead, 'id' | 'name' | 'qrCode' | 'status' | 'error'>; batchName: string }) {
  if (lead.status === 'failed') {
    return (
      <Tooltip title={lead.error ?? T.failedHint}>
        <Flex align="center" justify="center" style={box} data-testid="lead-qr-failed">
          <ExclamationCircleOutlined style={{ color: '#ff4d4f', fontSize: 16 }} />
        </Flex>
      </Tooltip>
    );
  }
  if (!lead.qrCode) {
    return (
      <Tooltip title={lead.status === 'expired' ? T.expiredHint : T.creatingHint}>
        <Flex align="center" justify="center" style={box} data-testid="lead-qr-creating">
          {lead.status === 'expired' ? <ClockCircleOutlined style={{ color: '#bfbfbf' }} /> : <LoadingOutlined style={{ color: '#1677ff' }} />}
        </Flex>
      </Tooltip>
    );
  }
  const expired = lead.status === 'expired';
  return (
    <Popover
      trigger={['hover', 'click']}
      placement="right"
      mouseEnterDelay={0.2}
      title={expired ? T.expiredHint : `${lead.name}`}
      content={<QrCard url={lead.qrCode} name={`${batchName}-${lead.name}`} download={expired ? undefined : () => downloadLeadQrcode(lead.id)} size={200} />}
    >
      <img
        src={lead.qrCode}
        alt={lead.name}
        width={SIZE}
        height={SIZE}
        style={{ ...box, background: '#fff', padding: 2, boxSizing: 'border-box', cursor: 'zoom-in', display: 'block', opacity: expired ? 0.35 : 1 }}
        data-testid="lead-qr"
      />
    </Popover>
  );
}

// A code's QR as a small thumbnail in a list; hovering or clicking shows it large with 「下载二维码」.
import { Flex, Popover, Tooltip } from 'antd';
import { ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { CodeStatus } from '@scrm/contracts/contact-way';
import { QrCard } from './qr-card';
import { T } from './texts';

const SIZE = 48;

export interface QrThumbProps {
  code: { name: string; qrCode: string; status: CodeStatus; error: string | null };
  download: () => Promise<Blob>;
}

export function QrThumb({ code, download }: QrThumbProps) {
  const box = { width: SIZE, height: SIZE, borderRadius: 4, border: '1px solid #f0f0f0', background: '#fafafa', flex: 'none' } as const;
  if (code.status === 'failed') {
    return (
      <Tooltip title={code.error ?? T.qrFailed}>
        <Flex align="center" justify="center" style={box} data-testid="qr-thumb-failed">
          <ExclamationCircleOutlined style={{ color: '#ff4d4f', fontSize: 18 }} />
        </Flex>
      </Tooltip>
    );
  }
  if (!code.qrCode) {
    return (
      <Tooltip title={T.qrCreating}>
        <Flex align="center" justify="center" style={box} data-testid="qr-thumb-creating">
          <LoadingOutlined style={{ color: '#1677ff' }} />
        </Flex>
      </Tooltip>
    );
  }
  return (
    <Popover trigger={['hover', 'click']} placement="right" mouseEnterDelay={0.2} content={<QrCard url={code.qrCode} name={code.name} download={download} size={200} />}>
      <img
        src={code.qrCode}
        alt={code.name}
        width={SIZE}
        height={SIZE}
        style={{ ...box, background: '#fff', padding: 2, boxSizing: 'border-box', cursor: 'zoom-in', display: 'block' }}
        data-testid="qr-thumb"
      />
    </Popover>
  );
}

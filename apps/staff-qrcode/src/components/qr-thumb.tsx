// A code's QR as a small thumbnail; hovering or clicking shows it large with 「下载二维码」.
import { Flex, Popover, Tooltip } from 'antd';
import { ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { StaffCode } from '@scrm/contracts/staff-code';
import { QrCard } from '@scrm/web-parts';
import { downloadQrcode } from '../api/download-qrcode';
import { T } from '../texts';

const SIZE = 48;

export function QrThumb({ code }: { code: Pick<StaffCode, 'id' | 'name' | 'qrCode' | 'status' | 'error'> }) {
  const box = { width: SIZE, height: SIZE, borderRadius: 4, border: '1px solid #f0f0f0', background: '#fafafa', flex: 'none' } as const;
  if (code.status === 'failed') {
    return (
      <Tooltip title={code.error ?? T.failedHint}>
        <Flex align="center" justify="center" style={box} data-testid="qr-thumb-failed">
          <ExclamationCircleOutlined style={{ color: '#ff4d4f', fontSize: 18 }} />
        </Flex>
      </Tooltip>
    );
  }
  if (!code.qrCode) {
    return (
      <Tooltip title={T.creatingHint}>
        <Flex align="center" justify="center" style={box} data-testid="qr-thumb-creating">
          <LoadingOutlined style={{ color: '#1677ff' }} />
        </Flex>
      </Tooltip>
    );
  }
  return (
    <Popover
      trigger={['hover', 'click']}
      placement="right"
      mouseEnterDelay={0.2}
      content={<QrCard url={code.qrCode} name={code.name} download={() => downloadQrcode(code.id)} size={200} />}
    >
      <img src={code.qrCode} alt={code.name} width={SIZE} height={SIZE} style={{ ...box, background: '#fff', padding: 2, boxSizing: 'border-box', cursor: 'zoom-in', display: 'block' }} data-testid="qr-thumb" />
    </Popover>
  );
}

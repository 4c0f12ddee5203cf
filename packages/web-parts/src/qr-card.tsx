// A code's QR image at a fixed size with 「下载二维码」 (PNG from the server) and an optional 「复制链接」.
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex, Spin, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { notifyError, toast } from '@scrm/web-kit';
import { T } from './texts';

/** Saves `blob` as a file named `filename` through a temporary link (the browser's download bar). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Copies `text`; falls back to a hidden textarea where the Clipboard API is missing (plain-HTTP self-hosting). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied: try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:-1000px;opacity:0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

// A file name without characters that Windows or macOS refuse.
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'qrcode';

export interface QrCardProps {
  /** The QR image URL; empty while WeCom is still making the code. */
  url: string;
  /** File name without extension (e.g. the code's name); saved as `${name}.png`. */
  name: string;
  /** Fetches the PNG (e.g. `() => postBlob('/api/qw/lxw/qrcode', { id })`); omitted: no download button. */
  download?: () => Promise<Blob>;
  /** Shows 「复制链接」 for the image URL. */
  copyLink?: boolean;
  /** Image side in px (default 160). */
  size?: number;
  /** Shown instead of the generic placeholder when the code failed (e.g. WeCom's error). */
  failedText?: string;
  style?: CSSProperties;
}

/** A fixed-size QR image with placeholders (生成中 / 加载失败) and download / copy-link buttons. */
export function QrCard({ url, name, download, copyLink, size = 160, failedText, style }: QrCardProps) {
  const [broken, setBroken] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => setBroken(false), [url]);

  const save = async () => {
    setSaving(true);
    try {
      saveBlob(await download!(), `${safeName(name)}.png`);
    } catch (error) {
      // Same key as the HTTP client's own toast, so a failure shows once.
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    if (await copyText(url)) toast.success(T.qr.copiedLink);
    else toast.error(T.qr.copyFailed);
  };

  const frame: CSSProperties = { width: size, height: size, border: '1px solid #f0f0f0', borderRadius: 8, padding: 6, background: '#fff', boxSizing: 'content-box' };
  const placeholder = (content: ReactNode, testId: string) => (
    <Flex vertical align="center" justify="center" gap={8} style={{ ...frame, background: '#fafafa' }} data-testid={testId}>
      {content}
    </Flex>
  );

  return (
    <Flex vertical align="center" gap={8} style={style} data-testid="qr-card">
      {failedText ? (
        placeholder(
          <>
            <ExclamationCircleOutlined style={{ fontSize: 24, color: '#ff4d4f' }} />
            <Typography.Text type="danger" style={{ fontSize: 12, textAlign: 'center', padding: '0 8px' }}>
              {failedText}
            </Typography.Text>
          </>,
          'qr-failed',
        )
      ) : !url ? (
        placeholder(
          <>
            <Spin />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {T.qr.creating}
            </Typography.Text>
          </>,
          'qr-creating',
        )
      ) : broken ? (
        placeholder(
          <>
            <ExclamationCircleOutlined style={{ fontSize: 24, color: '#bfbfbf' }} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {T.qr.failed}
            </Typography.Text>
          </>,
          'qr-broken',
        )
      ) : (
        <img src={url} alt={name} width={size} height={size} style={{ ...frame, display: 'block', objectFit: 'contain' }} onError={() => setBroken(true)} data-testid="qr-image" />
      )}
      {(download || copyLink) && url && !failedText ? (
        <Flex gap={8} wrap justify="center">
          {download ? (
            <Button size="small" type="primary" ghost icon={<DownloadOutlined />} loading={saving} onClick={save} data-testid="qr-download">
              {T.qr.download}
            </Button>
          ) : null}
          {copyLink ? (
            <Button size="small" icon={<CopyOutlined />} onClick={copy} data-testid="qr-copy">
              {T.qr.copyLink}
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

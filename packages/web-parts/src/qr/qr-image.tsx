// The 160×160 QR image of a URL, with the click-to-refresh overlay once expired or failed.
import { useEffect, useState } from 'react';
import { QR_IMAGE_SIZE } from '@scrm/contracts/constants';
import { QR_TEXT } from './texts';
import './qr.css';

export interface QrImageProps {
  url: string | null;
  loading?: boolean;
  expired?: boolean;
  /** Loading the code failed: offer a retry on the image. */
  failed?: boolean;
  onRefresh: () => void;
  alt: string;
  testId?: string;
}

const RefreshIcon = () => (
  <svg viewBox="0 0 16 16" width="28" height="28" aria-hidden="true">
    <path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    <path d="M12.4 1.6v3h-3" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function QrImage({ url, loading, expired, failed, onRefresh, alt, testId = 'login-qr' }: QrImageProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!url) return undefined;
    let live = true;
    // The encoder loads only when a QR is shown.
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { width: QR_IMAGE_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => live && setSrc(data))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <div className="scrm-qr">
      {src ? (
        <img src={src} width={QR_IMAGE_SIZE} height={QR_IMAGE_SIZE} alt={alt} data-testid={testId} data-url={url ?? undefined} />
      ) : (
        <div className="scrm-qr-placeholder">{loading || url ? QR_TEXT.loading : ''}</div>
      )}
      {expired ? (
        <button type="button" className="scrm-qr-overlay" data-testid="qr-expired" onClick={onRefresh}>
          <RefreshIcon />
          {QR_TEXT.expired}
        </button>
      ) : failed && !url && !loading ? (
        <button type="button" className="scrm-qr-overlay" data-testid="qr-failed" onClick={onRefresh}>
          <RefreshIcon />
          {QR_TEXT.failed}
        </button>
      ) : null}
    </div>
  );
}

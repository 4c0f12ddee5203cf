// 推广码: the promotion QR (it encodes the promotion link), the link with a copy button, the seat price.
import { useEffect, useState } from 'react';
import { Button, Descriptions, Skeleton, Space, Typography } from 'antd';
import { toast } from '@scrm/web-kit';
import { useDistributorInfo } from '../api/get-info';
import { T, yuan } from '../texts';
import { PortalPage } from './page-frame';

function useQrDataUrl(text: string | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return undefined;
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: 400, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => live && setSrc(data))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

export function PromotionPage() {
  const info = useDistributorInfo();
  const src = useQrDataUrl(info.data?.promoUrl);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(info.data!.promoUrl);
      toast.success(T.promotion.copied);
    } catch {
      toast.error(T.promotion.copyFailed);
    }
  };
  return (
    <PortalPage title={T.promotion.title} hint={T.promotion.hint} error={info.error} onRetry={() => void info.refetch()}>
      {info.isLoading ? <Skeleton active /> : null}
      {info.data ? (
        <Space align="start" size={32} wrap>
          <Space direction="vertical" align="center">
            {src ? <img className="portal-qr" src={src} alt={T.promotion.qrAlt} data-testid="promo-qr" /> : <div className="portal-qr" />}
            {src ? (
              <a href={src} download={`推广码-${info.data.promoCode}.png`}>
                {T.promotion.download}
              </a>
            ) : null}
          </Space>
          <Descriptions column={1} bordered size="middle" style={{ minWidth: 360 }}>
            <Descriptions.Item label={T.promotion.code}>
              <span data-testid="promo-code">{info.data.promoCode}</span>
            </Descriptions.Item>
            <Descriptions.Item label={T.promotion.link}>
              <Typography.Text data-testid="promo-url">{info.data.promoUrl}</Typography.Text>
              <Button type="link" onClick={() => void copy()}>
                {T.promotion.copy}
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label={T.promotion.price}>
              ¥{yuan(info.data.seatPriceFen)} {T.promotion.perSeat}
            </Descriptions.Item>
            <Descriptions.Item label={T.promotion.customers}>{info.data.customerCount}</Descriptions.Item>
          </Descriptions>
        </Space>
      ) : null}
    </PortalPage>
  );
}

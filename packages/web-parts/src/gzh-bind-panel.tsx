// The official-account binding QR (spec §4): the hint, the 160×160 code with its expiry and refresh, a
// polling error, and (with the simulator) a link to scan there. The shell's compulsory binding modal and
// the user centre's re-bind modal show it; `onToken` gets the fresh token the bound scan hands out.
import type { ReactNode } from 'react';
import { Alert, Typography } from 'antd';
import { getPublicConfig } from '@scrm/web-kit';
import { getBindQrCode, pollBindQrCode } from './api/gzh-bind';
import { QrImage, useQrSession } from './qr';
import { T } from './texts';

export interface GzhBindPanelProps {
  hint: ReactNode;
  /** Below the code (what happens once bound). */
  after: ReactNode;
  onToken: (token: string) => void;
}

export function GzhBindPanel({ hint, after, onToken }: GzhBindPanelProps) {
  const session = useQrSession({ fetchCode: getBindQrCode, poll: pollBindQrCode, onToken });
  return (
    <div data-testid="gzh-bind-modal" style={{ textAlign: 'center' }}>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'left' }}>
        {hint}
      </Typography.Paragraph>
      {session.error ? <Alert type="error" showIcon title={session.error} style={{ marginBottom: 16, textAlign: 'left' }} data-testid="gzh-bind-error" /> : null}
      <QrImage url={session.url} loading={session.loading} expired={session.expired} failed={!!session.error} onRefresh={session.refresh} alt={T.gzhBind.qrAlt} testId="gzh-qr" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {after}
      </Typography.Paragraph>
      {getPublicConfig().simulator && session.url && !session.expired ? (
        <a className="login-sim-link" href={session.url} target="_blank" rel="noreferrer">
          {T.gzhBind.scanInSimulator}
        </a>
      ) : null}
    </div>
  );
}

// WeChat QR login: the code's image, polling, expiry, and the bind-phone modal on 10006 (spec §4).
import { useState } from 'react';
import { ApiCode } from '@scrm/contracts/api';
import { getPublicConfig } from '@scrm/web-kit/base';
import { getLoginQrCode, pollLoginQrCode } from '../api/gzh-qr';
import { ErrorBanner } from '../guest/light';
import { QrImage, useQrSession } from '@scrm/web-parts/qr';
import { BindPhoneModal } from './bind-phone-modal';
import { T } from '../texts';

export interface QrLoginProps {
  onToken: (token: string) => void;
}

export function QrLogin({ onToken }: QrLoginProps) {
  const [wxCode, setWxCode] = useState<string | null>(null);
  // A failed account creation after the bind-phone modal, shown until the next QR session.
  const [bindFailure, setBindFailure] = useState<string | null>(null);
  const session = useQrSession({
    fetchCode: getLoginQrCode,
    poll: pollLoginQrCode,
    onToken,
    onPollError: (error, code) => {
      if (error.code !== ApiCode.WX_NOT_REGISTERED) return false;
      // The QR's code is the wxCode that creates the account.
      setWxCode(code);
      return true;
    },
  });
  const simulator = getPublicConfig().simulator;

  const restart = (failure: string | null = null) => {
    setWxCode(null);
    setBindFailure(failure);
    session.refresh();
  };

  return (
    <div className="login-qr-body">
      <ErrorBanner message={session.error ?? bindFailure} />
      <QrImage url={session.url} loading={session.loading} expired={session.expired} failed={!!session.error} onRefresh={() => restart()} alt={T.login.qrAlt} />
      <p className="login-qr-caption">
        {T.login.qrCaption[0]}
        <strong>{T.login.qrCaption[1]}</strong>
        {T.login.qrCaption[2]}
      </p>
      {simulator && session.url && !session.expired ? (
        <a className="login-sim-link" href={session.url} target="_blank" rel="noreferrer">
          {T.login.scanInSimulator}
        </a>
      ) : null}
      {wxCode ? (
        <BindPhoneModal
          wxCode={wxCode}
          onCancel={() => restart()}
          onFail={(message) => restart(message)}
        />
      ) : null}
    </div>
  );
}

// Official-account binding (spec §4): a main account that has not bound gets this modal, which
// cannot be dismissed; once the scan binds, the returned token is stored and the page reloads.
import { Alert, Modal, Typography } from 'antd';
import { getPublicConfig, setToken } from '@scrm/web-kit';
import { getBindQrCode, pollBindQrCode } from '../api/gzh-qr';
import { QrImage } from '../qr/qr-image';
import { useQrSession } from '../qr/use-qr-session';
import { T } from '../texts';

export function GzhBindModal() {
  const session = useQrSession({
    fetchCode: getBindQrCode,
    poll: pollBindQrCode,
    onToken: (token) => {
      setToken(token);
      window.location.reload();
    },
  });
  return (
    <Modal open title={T.gzhBind.title} closable={false} mask={{ closable: false }} keyboard={false} footer={null} centered width={420}>
      <div data-testid="gzh-bind-modal" style={{ textAlign: 'center' }}>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'left' }}>
          {T.gzhBind.hint}
        </Typography.Paragraph>
        {session.error ? <Alert type="error" showIcon title={session.error} style={{ marginBottom: 16, textAlign: 'left' }} data-testid="gzh-bind-error" /> : null}
        <QrImage url={session.url} loading={session.loading} expired={session.expired} failed={!!session.error} onRefresh={session.refresh} alt={T.gzhBind.qrAlt} testId="gzh-qr" />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {T.gzhBind.after}
        </Typography.Paragraph>
        {getPublicConfig().simulator && session.url && !session.expired ? (
          <a className="login-sim-link" href={session.url} target="_blank" rel="noreferrer">
            {T.login.scanInSimulator}
          </a>
        ) : null}
      </div>
    </Modal>
  );
}

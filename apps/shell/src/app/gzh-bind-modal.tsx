// Official-account binding (spec §4): a main account that has not bound gets this modal, which
// cannot be dismissed; once the scan binds, the returned token is stored and the page reloads.
import { Alert, Modal, Typography } from 'antd';
import type { QrCodeData, QrPollData } from '@scrm/contracts/account';
import { getPublicConfig, post, setToken } from '@scrm/web-kit';
import { QrImage } from '../qr/qr-image';
import { useQrSession } from '../qr/use-qr-session';

export function GzhBindModal() {
  const session = useQrSession({
    fetchCode: () => post<QrCodeData>('/api/account/bind/gzh/code', {}, { silent: true }),
    poll: async (code) => (await post<QrPollData>('/api/account/bind/gzh/code/change', { code }, { silent: true })).token,
    onToken: (token) => {
      setToken(token);
      window.location.reload();
    },
  });
  return (
    <Modal open title="绑定公众号" closable={false} mask={{ closable: false }} keyboard={false} footer={null} centered width={420}>
      <div data-testid="gzh-bind-modal" style={{ textAlign: 'center' }}>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'left' }}>
          为保障账号安全并及时接收风控与消息通知，请使用微信扫描下方二维码，关注公众号完成绑定。
        </Typography.Paragraph>
        {session.error ? <Alert type="error" showIcon title={session.error} style={{ marginBottom: 16, textAlign: 'left' }} data-testid="gzh-bind-error" /> : null}
        <QrImage url={session.url} loading={session.loading} expired={session.expired} failed={!!session.error} onRefresh={session.refresh} alt="绑定公众号二维码" testId="gzh-qr" />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          绑定成功后页面将自动刷新
        </Typography.Paragraph>
        {getPublicConfig().simulator && session.url && !session.expired ? (
          <a className="login-sim-link" href={session.url} target="_blank" rel="noreferrer">
            在模拟器中扫码
          </a>
        ) : null}
      </div>
    </Modal>
  );
}

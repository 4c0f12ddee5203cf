// Official-account binding (spec §4): a main account that has not bound gets this modal, which
// cannot be dismissed; once the scan binds, the returned token is stored and the page reloads.
import { Modal } from 'antd';
import { setToken } from '@scrm/web-kit';
import { GzhBindPanel } from '@scrm/web-parts';
import { T } from '../texts';

export function GzhBindModal() {
  return (
    <Modal open title={T.gzhBind.title} closable={false} mask={{ closable: false }} keyboard={false} footer={null} centered width={420}>
      <GzhBindPanel
        hint={T.gzhBind.hint}
        after={T.gzhBind.after}
        onToken={(token) => {
          setToken(token);
          window.location.reload();
        }}
      />
    </Modal>
  );
}

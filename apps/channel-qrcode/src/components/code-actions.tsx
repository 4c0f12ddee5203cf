// Actions on a code shared by the list and the detail: delete (with its confirm) and download the QR.
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelCode } from '@scrm/contracts/contact-way';
import { runAction, useStore } from '@scrm/web-kit';
import { saveBlob } from '@scrm/web-parts';
import { deleteCode } from '../api/delete-code';
import { downloadQrcode } from '../api/download-qrcode';
import { channelRootKey } from '../api/keys';
import { T } from '../texts';

// A file name without characters that Windows or macOS refuse.
export const pngName = (name: string) => `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'qrcode'}.png`;

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useCodeActions() {
  const [modal, holder] = Modal.useModal();
  const client = useQueryClient();
  const workId = useStore('workId');

  const remove = (code: Pick<ChannelCode, 'id' | 'name'>) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: T.deleteConfirm(code.name),
        content: T.deleteHint,
        okText: T.delete,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        onOk: async () => {
          try {
            await runAction(() => deleteCode(code.id), { success: T.deleted });
          } catch {
            // The toast said why; the code is still there.
            resolve(false);
            return;
          }
          resolve(true);
          void client.invalidateQueries({ queryKey: channelRootKey(workId) });
        },
        onCancel: () => resolve(false),
      });
    });

  const download = async (code: Pick<ChannelCode, 'id' | 'name'>) => {
    try {
      saveBlob(await downloadQrcode(code.id), pngName(code.name));
    } catch {
      // postBlob has shown why.
    }
  };

  return { holder, remove, download };
}

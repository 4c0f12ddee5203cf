// Actions on a code shared by the list and the detail: delete (with its confirm) and download the QR.
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelCode } from '@scrm/contracts/contact-way';
import { useStore } from '@scrm/web-kit';
import { saveBlob, useConfirmAction } from '@scrm/web-parts';
import { deleteCode } from '../api/delete-code';
import { downloadQrcode } from '../api/download-qrcode';
import { channelRootKey } from '../api/keys';
import { T } from '../texts';

// A file name without characters that Windows or macOS refuse.
export const pngName = (name: string) => `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'qrcode'}.png`;

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useCodeActions() {
  const { holder, confirm } = useConfirmAction();
  const client = useQueryClient();
  const workId = useStore('workId');

  const remove = (code: Pick<ChannelCode, 'id' | 'name'>) =>
    confirm({
      title: T.deleteConfirm(code.name),
      content: T.deleteHint,
      okText: T.delete,
      cancelText: T.cancel,
      run: () => deleteCode(code.id),
      success: T.deleted,
      after: (done) => {
        if (done) void client.invalidateQueries({ queryKey: channelRootKey(workId) });
      },
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

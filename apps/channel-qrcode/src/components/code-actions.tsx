// Actions on a code shared by the list and the detail: delete (with its confirm) and download the QR.
import type { ChannelCode } from '@scrm/contracts/contact-way';
import { useStore } from '@scrm/web-kit';
import { saveBlob, useConfirmAction } from '@scrm/web-parts';
import { useDeleteCode } from '../api/delete-code';
import { downloadQrcode } from '../api/download-qrcode';
import { T } from '../texts';

// A file name without characters that Windows or macOS refuse.
export const pngName = (name: string) => `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'qrcode'}.png`;

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useCodeActions() {
  const { holder, confirm } = useConfirmAction();
  const workId = useStore('workId');
  const del = useDeleteCode(workId);

  const remove = (code: Pick<ChannelCode, 'id' | 'name'>) =>
    confirm({
      title: T.deleteConfirm(code.name),
      content: T.deleteHint,
      okText: T.delete,
      cancelText: T.cancel,
      run: () => del.mutateAsync(code.id),
      success: T.deleted,
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

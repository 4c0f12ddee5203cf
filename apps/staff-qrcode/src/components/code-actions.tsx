// Actions on codes shared by the list and the detail: delete (with its confirm), retry a failed code.
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffCode } from '@scrm/contracts/staff-code';
import { runAction, useStore } from '@scrm/web-kit';
import { deleteCodes } from '../api/delete-codes';
import { staffRootKey } from '../api/keys';
import { retryCodes } from '../api/retry-codes';
import { T } from '../texts';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useCodeActions() {
  const [modal, holder] = Modal.useModal();
  const client = useQueryClient();
  const workId = useStore('workId');
  const refresh = () => client.invalidateQueries({ queryKey: staffRootKey(workId) });

  const remove = (codes: Array<Pick<StaffCode, 'id' | 'name'>>) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: codes.length === 1 ? T.deleteConfirm(codes[0]!.name) : T.deleteManyConfirm(codes.length),
        content: T.deleteHint,
        okText: T.delete,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        onOk: async () => {
          try {
            await runAction(() => deleteCodes(codes.map((c) => c.id)), { success: T.deleted });
          } catch {
            // The toast said why; the codes are still there.
            resolve(false);
            return;
          }
          resolve(true);
          void refresh();
        },
        onCancel: () => resolve(false),
      });
    });

  const retry = async (ids: number[]) => {
    await runAction(() => retryCodes(ids), { success: T.retryStarted }).catch(() => undefined);
    void refresh();
  };

  return { holder, remove, retry };
}

// Actions on codes shared by the list and the detail: delete (with its confirm), retry a failed code.
import { useQueryClient } from '@tanstack/react-query';
import type { StaffCode } from '@scrm/contracts/staff-code';
import { runAction, useStore } from '@scrm/web-kit';
import { useConfirmAction } from '@scrm/web-parts';
import { deleteCodes } from '../api/delete-codes';
import { staffRootKey } from '../api/keys';
import { retryCodes } from '../api/retry-codes';
import { T } from '../texts';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useCodeActions() {
  const { holder, confirm } = useConfirmAction();
  const client = useQueryClient();
  const workId = useStore('workId');
  const refresh = () => client.invalidateQueries({ queryKey: staffRootKey(workId) });

  const remove = (codes: Array<Pick<StaffCode, 'id' | 'name'>>) =>
    confirm({
      title: codes.length === 1 ? T.deleteConfirm(codes[0]!.name) : T.deleteManyConfirm(codes.length),
      content: T.deleteHint,
      okText: T.delete,
      cancelText: T.cancel,
      run: () => deleteCodes(codes.map((c) => c.id)),
      success: T.deleted,
      after: (done) => {
        if (done) void refresh();
      },
    });

  const retry = async (ids: number[]) => {
    await runAction(() => retryCodes(ids), { success: T.retryStarted }).catch(() => undefined);
    void refresh();
  };

  return { holder, remove, retry };
}

// Actions on codes shared by the list and the detail: delete (with its confirm), retry a failed code.
import type { StaffCode } from '@scrm/contracts/staff-code';
import { runAction, useStore } from '@scrm/web-kit';
import { useConfirmAction } from '@scrm/web-parts';
import { useDeleteCodes } from '../api/delete-codes';
import { useRetryCodes } from '../api/retry-codes';
import { T } from '../texts';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useCodeActions() {
  const { holder, confirm } = useConfirmAction();
  const workId = useStore('workId');
  const del = useDeleteCodes(workId);
  const retryMutation = useRetryCodes(workId);

  const remove = (codes: Array<Pick<StaffCode, 'id' | 'name'>>) =>
    confirm({
      title: codes.length === 1 ? T.deleteConfirm(codes[0]!.name) : T.deleteManyConfirm(codes.length),
      content: T.deleteHint,
      okText: T.delete,
      cancelText: T.cancel,
      run: () => del.mutateAsync(codes.map((c) => c.id)),
      success: T.deleted,
    });

  const retry = async (ids: number[]) => {
    await runAction(() => retryMutation.mutateAsync(ids), { success: T.retryStarted }).catch(() => undefined);
  };

  return { holder, remove, retry };
}

// Actions on a batch shared by the list and the detail: delete (with its confirm), export, retry.
import type { LeadBatch, LeadExportBody } from '@scrm/contracts/lead';
import { runAction, useStore } from '@scrm/web-kit';
import { saveBlob, useConfirmAction } from '@scrm/web-parts';
import { useDeleteBatch } from '../api/delete-batch';
import { exportLeads } from '../api/export-leads';
import { useRetryBatch } from '../api/retry-batch';
import { T } from '../texts';

// A file name without characters that Windows or macOS refuse.
export const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'export';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useBatchActions() {
  const { holder, confirm } = useConfirmAction();
  const workId = useStore('workId');
  const del = useDeleteBatch(workId);
  const retryMutation = useRetryBatch(workId);

  const remove = (batch: Pick<LeadBatch, 'id' | 'name'>) =>
    confirm({
      title: T.deleteConfirm(batch.name),
      content: T.deleteHint,
      okText: T.delete,
      cancelText: T.cancel,
      run: () => del.mutateAsync(batch.id),
      success: T.deleted,
      loading: T.deleting,
    });

  const exportCsv = async (batch: Pick<LeadBatch, 'name'>, body: LeadExportBody) => {
    try {
      saveBlob(await exportLeads(body), `${safeFileName(batch.name)}-客户列表.csv`);
    } catch {
      // postBlob has shown why.
    }
  };

  const retry = async (id: number) => {
    await runAction(() => retryMutation.mutateAsync(id), { success: T.retryStarted }).catch(() => undefined);
  };

  return { holder, remove, exportCsv, retry };
}

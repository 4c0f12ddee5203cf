// Actions on a batch shared by the list and the detail: delete (with its confirm), export, retry.
import { useQueryClient } from '@tanstack/react-query';
import type { LeadBatch, LeadExportBody } from '@scrm/contracts/lead';
import { runAction, useStore } from '@scrm/web-kit';
import { saveBlob, useConfirmAction } from '@scrm/web-parts';
import { deleteBatch } from '../api/delete-batch';
import { exportLeads } from '../api/export-leads';
import { leadRootKey } from '../api/keys';
import { retryBatch } from '../api/retry-batch';
import { T } from '../texts';

// A file name without characters that Windows or macOS refuse.
export const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'export';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useBatchActions() {
  const { holder, confirm } = useConfirmAction();
  const client = useQueryClient();
  const workId = useStore('workId');
  const refresh = () => client.invalidateQueries({ queryKey: leadRootKey(workId) });

  const remove = (batch: Pick<LeadBatch, 'id' | 'name'>) =>
    confirm({
      title: T.deleteConfirm(batch.name),
      content: T.deleteHint,
      okText: T.delete,
      cancelText: T.cancel,
      run: () => deleteBatch(batch.id),
      success: T.deleted,
      loading: T.deleting,
      // A failed delete may have removed part of the batch: refresh either way.
      after: () => void refresh(),
    });

  const exportCsv = async (batch: Pick<LeadBatch, 'name'>, body: LeadExportBody) => {
    try {
      saveBlob(await exportLeads(body), `${safeFileName(batch.name)}-客户列表.csv`);
    } catch {
      // postBlob has shown why.
    }
  };

  const retry = async (id: number) => {
    await runAction(() => retryBatch(id), { success: T.retryStarted }).catch(() => undefined);
    void refresh();
  };

  return { holder, remove, exportCsv, retry };
}

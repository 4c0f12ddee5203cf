// Actions on a batch shared by the list and the detail: delete (with its confirm), export, retry.
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { LeadBatch, LeadExportBody } from '@scrm/contracts/lead';
import { runAction, useStore } from '@scrm/web-kit';
import { saveBlob } from '@scrm/web-parts';
import { deleteBatch } from '../api/delete-batch';
import { exportLeads } from '../api/export-leads';
import { leadRootKey } from '../api/keys';
import { retryBatch } from '../api/retry-batch';
import { T } from '../texts';

// A file name without characters that Windows or macOS refuse.
export const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'export';

/** `holder` must be rendered; `remove` confirms first and resolves true once deleted. */
export function useBatchActions() {
  const [modal, holder] = Modal.useModal();
  const client = useQueryClient();
  const workId = useStore('workId');
  const refresh = () => client.invalidateQueries({ queryKey: leadRootKey(workId) });

  const remove = (batch: Pick<LeadBatch, 'id' | 'name'>) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: T.deleteConfirm(batch.name),
        content: T.deleteHint,
        okText: T.delete,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        onOk: async () => {
          try {
            await runAction(() => deleteBatch(batch.id), { success: T.deleted, loading: T.deleting });
          } catch {
            // The toast said why; the batch (or what is left of it) is still there.
            resolve(false);
            void refresh();
            return;
          }
          resolve(true);
          void refresh();
        },
        onCancel: () => resolve(false),
      });
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

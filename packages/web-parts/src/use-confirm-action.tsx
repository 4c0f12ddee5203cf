// A destructive action behind a confirm (delete a code, a batch, a plan): the danger-styled dialog, the
// action with its toasts, and whether it went through. The dialog (antd's Modal) is loaded when a page
// first asks for a confirm, so a list's first load does not fetch it.
import { useState, type ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { lazyPart, runAction } from '@scrm/web-kit';

export interface ConfirmActionOptions {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  cancelText: string;
  /** More props of the OK button (always danger), e.g. a data-testid. */
  okButtonProps?: ButtonProps;
  run: () => Promise<unknown>;
  /** The toasts while and after it runs (a failure toasts why). */
  success: string;
  loading?: string;
  /** Right after it ran, succeeded or not (e.g. refresh the lists). */
  after?: (done: boolean) => void;
}

/** One open confirm: what it says, and what its buttons do. */
export interface ConfirmRequest {
  options: ConfirmActionOptions;
  /** 确定: runs the action; the dialog closes once it settled. */
  ok(): Promise<void>;
  cancel(): void;
}

const ConfirmDialog = lazyPart(() => import('./confirm-dialog'));

/** `holder` must be rendered; `confirm` asks first and resolves true once the action succeeded. */
export function useConfirmAction() {
  const [open, setOpen] = useState<{ seq: number; request: ConfirmRequest } | null>(null);
  const confirm = (o: ConfirmActionOptions) =>
    new Promise<boolean>((resolve) => {
      const request: ConfirmRequest = {
        options: o,
        ok: async () => {
          try {
            await runAction(o.run, { success: o.success, loading: o.loading });
          } catch {
            // The toast said why; what was to go is still there.
            resolve(false);
            o.after?.(false);
            return;
          }
          resolve(true);
          o.after?.(true);
        },
        cancel: () => resolve(false),
      };
      // A confirm asked while another is open takes its place; the one it replaces counts as cancelled.
      open?.request.cancel();
      setOpen({ seq: (open?.seq ?? 0) + 1, request });
    });
  const holder = open ? <ConfirmDialog key={open.seq} request={open.request} onClosed={() => setOpen((current) => (current === open ? null : current))} /> : null;
  return { holder, confirm };
}

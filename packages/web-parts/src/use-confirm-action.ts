// A destructive action behind a confirm (delete a code, a batch, a plan): the danger-styled dialog, the
// action with its toasts, and whether it went through.
import type { ReactNode } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { runAction } from '@scrm/web-kit';

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

/** `holder` must be rendered; `confirm` asks first and resolves true once the action succeeded. */
export function useConfirmAction() {
  const [modal, holder] = Modal.useModal();
  const confirm = (o: ConfirmActionOptions) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: o.title,
        content: o.content,
        okText: o.okText,
        okButtonProps: { danger: true, ...o.okButtonProps },
        cancelText: o.cancelText,
        onOk: async () => {
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
        onCancel: () => resolve(false),
      });
    });
  return { holder, confirm };
}

// The dialog of useConfirmAction (./use-confirm-action.tsx), loaded with antd's Modal when first needed.
import { useEffect, useRef } from 'react';
import { Modal } from 'antd';
import type { ConfirmRequest } from './use-confirm-action';

export default function ConfirmDialog({ request, onClosed }: { request: ConfirmRequest; onClosed(): void }) {
  const [modal, holder] = Modal.useModal();
  const opened = useRef(false);
  useEffect(() => {
    // Once per mount (the holder keys this component by request); the dialog goes with the holder.
    if (opened.current) return;
    opened.current = true;
    const { options: o } = request;
    modal.confirm({
      title: o.title,
      content: o.content,
      okText: o.okText,
      okButtonProps: { danger: true, ...o.okButtonProps },
      cancelText: o.cancelText,
      onOk: request.ok,
      onCancel: request.cancel,
      afterClose: onClosed,
    });
  });
  return holder;
}

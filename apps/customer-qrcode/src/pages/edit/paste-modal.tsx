// 批量粘贴: lines of 「姓名 手机号 备注」 (from Excel or typed), previewed row by row before they join the list.
import { useMemo, useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { useDebouncedValue } from '@scrm/web-parts';
import { T } from '../../texts';
import { ImportPreview } from './import-preview';
import { parsePasted, type ImportedRow } from './lead-import';

export interface PasteModalProps {
  open: boolean;
  room: number;
  onClose: () => void;
  onImport: (rows: ImportedRow[]) => void;
}

export function PasteModal({ open, room, onClose, onImport }: PasteModalProps) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text);
  const result = useMemo(() => (settled.trim() ? parsePasted(settled) : null), [settled]);
  const ok = result && !result.error ? result.rows.filter((r) => !r.problem).length : 0;
  const count = Math.min(ok, room);
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={T.pasteTitle}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {T.cancel}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!count || text !== settled}
          onClick={() => {
            onImport(result!.rows);
            close();
          }}
          data-testid="paste-confirm"
        >
          {T.pasteOk(count)}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{T.pasteHint}</Typography.Paragraph>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 6, maxRows: 12 }} placeholder={T.pastePlaceholder} data-testid="paste-text" style={{ marginBottom: 16 }} />
      {result ? <ImportPreview result={result} room={room} /> : null}
    </Modal>
  );
}

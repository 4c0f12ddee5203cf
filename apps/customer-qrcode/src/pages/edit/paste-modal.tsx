// 批量粘贴: lines of 「姓名 手机号 备注」 (from Excel or typed), previewed row by row before they join the list.
import { useMemo, useState } from 'react';
import { Input } from 'antd';
import { useDebouncedValue } from '@scrm/web-parts';
import { T } from '../../texts';
import { LeadsModal } from './import-preview';
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
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <LeadsModal
      open={open}
      title={T.pasteTitle}
      hint={T.pasteHint}
      result={result}
      room={room}
      unsettled={text !== settled}
      okText={T.pasteOk}
      confirmTestId="paste-confirm"
      onClose={close}
      onImport={onImport}
    >
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 6, maxRows: 12 }} placeholder={T.pastePlaceholder} data-testid="paste-text" style={{ marginBottom: 16 }} />
    </LeadsModal>
  );
}

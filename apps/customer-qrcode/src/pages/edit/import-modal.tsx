// 导入表格: pick an .xlsx or .csv file, see every row with its problems, then add the good ones.
import { useState } from 'react';
import { Flex, Spin, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { T } from '../../texts';
import { LeadsModal } from './import-preview';
import { readLeadFile, type ImportResult, type ImportedRow } from './lead-import';

export interface ImportModalProps {
  open: boolean;
  /** How many more leads the list can take. */
  room: number;
  onClose: () => void;
  onImport: (rows: ImportedRow[]) => void;
}

export function ImportModal({ open, room, onClose, onImport }: ImportModalProps) {
  const [result, setResult] = useState<ImportResult | null>(null);
  const [fileName, setFileName] = useState('');
  const [reading, setReading] = useState(false);

  const close = () => {
    setResult(null);
    setFileName('');
    onClose();
  };

  const read = async (file: File) => {
    setReading(true);
    setFileName(file.name);
    try {
      setResult(await readLeadFile(file));
    } finally {
      setReading(false);
    }
  };

  return (
    <LeadsModal
      open={open}
      title={T.importTitle}
      hint={T.importHint}
      result={result}
      room={room}
      pending={
        reading ? (
          <Flex align="center" justify="center" gap={8} style={{ height: 80 }}>
            <Spin />
            <Typography.Text type="secondary">{T.importReading}</Typography.Text>
          </Flex>
        ) : null
      }
      okText={T.importOk}
      confirmTestId="import-confirm"
      onClose={close}
      onImport={onImport}
    >
      <Upload.Dragger
        accept=".xlsx,.csv"
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="import-file"
        style={{ marginBottom: 16 }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{fileName || T.importPick}</p>
        <p className="ant-upload-hint">.xlsx / .csv</p>
      </Upload.Dragger>
    </LeadsModal>
  );
}

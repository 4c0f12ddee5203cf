// 导入表格: pick an .xlsx or .csv file, see every row with its problems, then add the good ones.
import { useState } from 'react';
import { Button, Flex, Modal, Spin, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { T } from '../../texts';
import { ImportPreview } from './import-preview';
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
  const ok = result && !result.error ? result.rows.filter((r) => !r.problem).length : 0;
  const count = Math.min(ok, room);

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
    <Modal
      open={open}
      title={T.importTitle}
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
          disabled={!count}
          onClick={() => {
            onImport(result!.rows);
            close();
          }}
          data-testid="import-confirm"
        >
          {T.importOk(count)}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{T.importHint}</Typography.Paragraph>
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
      {reading ? (
        <Flex align="center" justify="center" gap={8} style={{ height: 80 }}>
          <Spin />
          <Typography.Text type="secondary">{T.importReading}</Typography.Text>
        </Flex>
      ) : result ? (
        <ImportPreview result={result} room={room} />
      ) : null}
    </Modal>
  );
}

// The rows read from a file or pasted text before they join the list: each with its row number and
// either 「可导入」 or what is wrong, and a summary line; and the dialog both ways of adding leads share.
import type { ReactNode } from 'react';
import { Alert, Button, Flex, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { T } from '../../texts';
import type { ImportResult, ImportedRow } from './lead-import';

export function ImportPreview({ result, room }: { result: ImportResult; room: number }) {
  if (result.error) return <Alert type="error" showIcon title={result.error} data-testid="import-error" />;
  const ok = result.rows.filter((r) => !r.problem).length;
  const bad = result.rows.length - ok;
  const columns: ColumnsType<ImportedRow> = [
    { title: T.importLine, dataIndex: 'line', width: 72 },
    { title: T.leadName, dataIndex: 'name', ellipsis: true, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: T.leadPhone, dataIndex: 'phone', width: 150, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: T.leadRemark, dataIndex: 'remark', ellipsis: true, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    {
      title: T.importProblem,
      key: 'problem',
      width: 170,
      render: (_, r) => (r.problem ? <Typography.Text type="danger">{r.problem}</Typography.Text> : <Tag color="success">{T.importFine}</Tag>),
    },
  ];
  return (
    <Flex vertical gap={12} data-testid="import-preview">
      <Alert type={bad ? 'warning' : 'success'} showIcon title={T.importSummary(ok, bad)} data-testid="import-summary" />
      {ok > room ? <Alert type="warning" showIcon title={T.importOverflow(room)} data-testid="import-overflow" /> : null}
      <Table<ImportedRow>
        size="small"
        rowKey="line"
        columns={columns}
        dataSource={[...result.rows].sort((a, b) => Number(Boolean(b.problem)) - Number(Boolean(a.problem)) || a.line - b.line)}
        pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
        rowClassName={(r) => (r.problem ? 'lead-row-error' : '')}
      />
    </Flex>
  );
}

export interface LeadsModalProps {
  open: boolean;
  title: string;
  hint: string;
  /** What was read, previewed below `children` (the input) unless `pending` shows instead. */
  result: ImportResult | null;
  /** How many more leads the list can take. */
  room: number;
  pending?: ReactNode;
  /** The input is not read yet: the confirm waits. */
  unsettled?: boolean;
  okText: (count: number) => string;
  confirmTestId: string;
  /** Clears the input and closes. */
  onClose: () => void;
  onImport: (rows: ImportedRow[]) => void;
  children: ReactNode;
}

/** The dialog of 导入表格 and 批量粘贴: the hint, the input, the preview and a confirm adding the good rows that fit. */
export function LeadsModal({ open, title, hint, result, room, pending, unsettled, okText, confirmTestId, onClose, onImport, children }: LeadsModalProps) {
  const ok = result && !result.error ? result.rows.filter((r) => !r.problem).length : 0;
  const count = Math.min(ok, room);
  return (
    <Modal
      open={open}
      title={title}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {T.cancel}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!count || unsettled}
          onClick={() => {
            onImport(result!.rows);
            onClose();
          }}
          data-testid={confirmTestId}
        >
          {okText(count)}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {children}
      {pending ? pending : result ? <ImportPreview result={result} room={room} /> : null}
    </Modal>
  );
}

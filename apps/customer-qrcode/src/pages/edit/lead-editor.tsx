// The list of leads of a batch as an editable table: add a row, paste many lines, import a spreadsheet,
// remove; each row shows what is wrong with it. At most LEAD_BATCH_MAX leads per batch.
import { useMemo, useState } from 'react';
import { Button, Flex, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { LEAD_BATCH_MAX, LEAD_NAME_MAX, LEAD_PHONE_MAX, LEAD_REMARK_MAX } from '@scrm/contracts/lead';
import { toast } from '@scrm/web-kit';
import { saveBlob } from '@scrm/web-parts';
import { T } from '../../texts';
import { ImportModal } from './import-modal';
import { draftProblems, isBlank, mergeImported, newDraft, problemField, templateCsv, type ImportedRow, type LeadDraft } from './lead-import';
import { PasteModal } from './paste-modal';

export interface LeadEditorProps {
  value: LeadDraft[];
  onChange: (next: LeadDraft[]) => void;
  /** Leads already in the batch (they count towards the limit). */
  existing?: number;
  /** Show every row's problem (after a submit), not only of rows touched. */
  showAll?: boolean;
}

const PAGE_SIZE = 10;

export function LeadEditor({ value, onChange, existing = 0, showAll }: LeadEditorProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [modal, setModal] = useState<'paste' | 'import' | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const problems = useMemo(() => draftProblems(value), [value]);
  const filled = value.filter((d) => !isBlank(d)).length;
  const room = LEAD_BATCH_MAX - existing;
  const full = filled >= room;

  const lastPage = (n: number) => Math.max(1, Math.ceil(n / pageSize));
  const patch = (key: string, field: 'name' | 'phone' | 'remark', text: string) => onChange(value.map((d) => (d.key === key ? { ...d, [field]: text } : d)));
  const addRow = () => {
    if (value.length >= room) {
      toast.warning(T.noRoom(LEAD_BATCH_MAX));
      return;
    }
    const next = [...value, newDraft()];
    onChange(next);
    setPage(lastPage(next.length));
  };
  const removeRow = (key: string) => {
    const next = value.filter((d) => d.key !== key);
    onChange(next.length ? next : [newDraft()]);
    setPage((p) => Math.min(p, lastPage(next.length)));
  };
  const imported = (rows: ImportedRow[]) => {
    const { drafts, added } = mergeImported(value, rows, room);
    onChange(drafts.length ? drafts : [newDraft()]);
    setPage(lastPage(drafts.length));
    toast.success(T.importDone(added));
  };

  const cell = (d: LeadDraft, field: 'name' | 'phone' | 'remark', max: number, placeholder: string) => {
    const problem = problems.get(d.key);
    const shown = problem && problemField(problem) === field && (showAll || touched.has(d.key)) ? problem : null;
    return (
      <Flex vertical gap={2}>
        <Input
          value={d[field]}
          maxLength={max}
          placeholder={placeholder}
          status={shown ? 'error' : undefined}
          onChange={(e) => patch(d.key, field, e.target.value)}
          onBlur={() => setTouched((t) => (t.has(d.key) ? t : new Set([...t, d.key])))}
          data-testid={`lead-${field}`}
        />
        {shown ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="lead-problem">
            {shown}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  };

  const columns: ColumnsType<LeadDraft> = [
    { title: T.rowNo, key: 'no', width: 64, render: (_, _d, i) => (page - 1) * pageSize + i + 1 },
    { title: (
        <span>
          <Typography.Text type="danger">* </Typography.Text>
          {T.leadName}
        </span>
      ), key: 'name', render: (_, d) => cell(d, 'name', LEAD_NAME_MAX, T.leadNamePlaceholder) },
    { title: T.leadPhone, key: 'phone', width: 200, render: (_, d) => cell(d, 'phone', LEAD_PHONE_MAX, T.leadPhonePlaceholder) },
    { title: T.leadRemark, key: 'remark', render: (_, d) => cell(d, 'remark', LEAD_REMARK_MAX, T.leadRemarkPlaceholder) },
    {
      title: '',
      key: 'remove',
      width: 56,
      render: (_, d) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={T.remove} onClick={() => removeRow(d.key)} data-testid="lead-remove" />,
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="lead-editor">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={addRow} disabled={full} data-testid="lead-add">
            {T.addRow}
          </Button>
          <Button icon={<SnippetsOutlined />} onClick={() => setModal('paste')} disabled={full} data-testid="lead-paste">
            {T.paste}
          </Button>
          <Button icon={<FileExcelOutlined />} onClick={() => setModal('import')} disabled={full} data-testid="lead-import">
            {T.import}
          </Button>
          <Button type="link" icon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }), T.templateFile)}>
            {T.template}
          </Button>
        </Space>
        <Space>
          <Typography.Text type="secondary" data-testid="lead-count">
            {T.leadCount(filled + existing, LEAD_BATCH_MAX)}
          </Typography.Text>
          {problems.size ? <Typography.Text type="danger">{T.leadErrors(problems.size)}</Typography.Text> : null}
          <Popconfirm title={T.clearConfirm} okText={T.clear} cancelText={T.cancel} okButtonProps={{ danger: true }} onConfirm={() => onChange([newDraft()])} disabled={!filled}>
            <Button type="link" danger disabled={!filled}>
              {T.clear}
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
      <Table<LeadDraft>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={value}
        data-testid="lead-table"
        pagination={{
          current: Math.min(page, lastPage(value.length)),
          pageSize,
          total: value.length,
          hideOnSinglePage: true,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          onChange: (p, s) => {
            setPage(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
      />
      <PasteModal open={modal === 'paste'} room={room - filled} onClose={() => setModal(null)} onImport={imported} />
      <ImportModal open={modal === 'import'} room={room - filled} onClose={() => setModal(null)} onImport={imported} />
    </Flex>
  );
}

// Reading a list of leads from a spreadsheet (.xlsx), a CSV file or pasted lines, and checking the
// editor's rows: the same rules the server applies (leadProblem), told per row in Chinese.
import { LEAD_BATCH_MAX, leadProblem } from '@scrm/contracts/lead';
import { T } from '../../texts';

/** A row of the editor. */
export interface LeadDraft {
  key: string;
  name: string;
  phone: string;
  remark: string;
}

/** A row read from a file or pasted text: where it was and what is wrong with it. */
export interface ImportedRow {
  /** 1-based row (line) number in the source. */
  line: number;
  name: string;
  phone: string;
  remark: string;
  problem: string | null;
}

export interface ImportResult {
  rows: ImportedRow[];
  /** The first row was a header. */
  header: boolean;
  /** The whole source is unusable (no name column, unreadable file…). */
  error?: string;
}

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

let seq = 0;
export const newDraft = (lead: Partial<Omit<LeadDraft, 'key'>> = {}): LeadDraft => ({ key: `lead-${++seq}`, name: '', phone: '', remark: '', ...lead });

const HEADERS: Record<'name' | 'phone' | 'remark', string[]> = {
  name: ['姓名', '客户姓名', '名字', '客户名称', '客户名', '名称', '客户', '称呼', '联系人', 'name'],
  phone: ['手机号', '手机', '手机号码', '电话', '电话号码', '联系电话', '联系方式', 'phone', 'mobile', 'tel'],
  remark: ['备注', '备注信息', '说明', '来源', '渠道', '线索来源', 'remark', 'note', 'notes'],
};

// 「手机号（选填）」, 「*姓名」, 「备注：」 all name their column.
const normalHeader = (cell: string) =>
  cell
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[\s*＊:：]/g, '')
    .toLowerCase();

/** A cell as text: numbers without exponent or thousands separators, dates as 'YYYY-MM-DD'. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? '是' : '否';
  return String(value).replace(/\s+/g, ' ').trim();
}

/** Which column holds what, from a header row; null when the row is not a header. */
function headerOf(cells: string[]): Partial<Record<keyof typeof HEADERS, number>> | null {
  const found: Partial<Record<keyof typeof HEADERS, number>> = {};
  cells.forEach((cell, i) => {
    const h = normalHeader(cell);
    if (!h) return;
    for (const field of Object.keys(HEADERS) as Array<keyof typeof HEADERS>) {
      if (found[field] === undefined && HEADERS[field].includes(h)) found[field] = i;
    }
  });
  return Object.keys(found).length ? found : null;
}

/** Leads from rows of cells: a first row of known headers picks the columns, else 姓名, 手机号, 备注 in order. */
export function rowsToLeads(rows: readonly (readonly unknown[])[], lineOf: (index: number) => number = (i) => i + 1): ImportResult {
  const first = rows.findIndex((r) => r.some((c) => cellText(c)));
  if (first < 0) return { rows: [], header: false, error: T.importEmpty };
  const header = headerOf(rows[first]!.map(cellText));
  if (header && header.name === undefined) return { rows: [], header: true, error: T.importNoName };
  const cols = header ?? { name: 0, phone: 1, remark: 2 };
  const out: ImportedRow[] = [];
  for (let i = header ? first + 1 : first; i < rows.length; i++) {
    const cells = rows[i]!;
    const at = (c: number | undefined) => (c === undefined ? '' : cellText(cells[c]));
    const lead = { name: at(cols.name), phone: at(cols.phone), remark: at(cols.remark) };
    if (!lead.name && !lead.phone && !lead.remark) continue;
    out.push({ line: lineOf(i), ...lead, problem: leadProblem(lead) });
  }
  if (!out.length) return { rows: [], header: Boolean(header), error: T.importEmpty };
  return { rows: out, header: Boolean(header) };
}

/** RFC 4180 CSV (quotes, doubled quotes, CR/LF inside quotes); a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** UTF-8 (with or without BOM); a file Excel saved as 「CSV（逗号分隔）」 on Chinese Windows is GB18030. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

const PHONE_LIKE = /^\+?[\d()-]{5,}$/;

/** One pasted line as cells: tabs (copied from Excel), else commas, else 「姓名 手机号 备注」 split at the phone. */
function lineCells(line: string): string[] {
  if (line.includes('\t')) return line.split('\t');
  if (/[,，]/.test(line)) return line.split(/[,，]/);
  const tokens = line.trim().split(/\s+/);
  const p = tokens.findIndex((t, i) => i > 0 && PHONE_LIKE.test(t));
  if (p > 0) return [tokens.slice(0, p).join(' '), tokens[p]!, tokens.slice(p + 1).join(' ')];
  return [line];
}

/** Leads from pasted lines (a header line is recognised as in a file). */
export function parsePasted(text: string): ImportResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  return rowsToLeads(lines.map(lineCells));
}

/** Leads from a chosen .xlsx or .csv file (the first sheet of a workbook). */
export async function readLeadFile(file: File): Promise<ImportResult> {
  const name = file.name.toLowerCase();
  if (file.size > IMPORT_MAX_BYTES) return { rows: [], header: false, error: T.importFileTooBig };
  if (name.endsWith('.xls')) return { rows: [], header: false, error: T.importLegacyXls };
  try {
    if (name.endsWith('.csv') || name.endsWith('.txt')) return rowsToLeads(parseCsv(decodeText(new Uint8Array(await file.arrayBuffer()))));
    if (name.endsWith('.xlsx')) {
      // Loaded when needed: most operators never import a workbook.
      const { readSheet } = await import('read-excel-file/browser');
      return rowsToLeads(await readSheet(file));
    }
  } catch {
    return { rows: [], header: false, error: T.importUnreadable };
  }
  return { rows: [], header: false, error: T.importFileType };
}

/** The template offered for download: UTF-8 with BOM, so Excel shows the Chinese headers. */
export function templateCsv(): string {
  const lines = [[T.leadName, T.leadPhone, T.leadRemark], ...T.templateSample].map((r) => r.join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The editor's rows with a problem, by key; untouched empty rows are ignored. */
export function draftProblems(drafts: readonly LeadDraft[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of drafts) {
    if (isBlank(d)) continue;
    const problem = leadProblem(d);
    if (problem) out.set(d.key, problem);
  }
  return out;
}

export const isBlank = (d: Pick<LeadDraft, 'name' | 'phone' | 'remark'>) => !d.name.trim() && !d.phone.trim() && !d.remark.trim();

/**
 * Why the editor's list cannot be submitted (null: it can). `existing` leads are already in the batch;
 * `required`: a new batch needs at least one.
 */
export function leadListProblem(drafts: readonly LeadDraft[], opts: { existing?: number; required: boolean }): string | null {
  const filled = drafts.filter((d) => !isBlank(d));
  if (opts.required && !filled.length) return T.leadsRequired;
  const bad = draftProblems(filled).size;
  if (bad) return T.leadsInvalid(bad);
  if ((opts.existing ?? 0) + filled.length > LEAD_BATCH_MAX) return T.leadsTooMany(LEAD_BATCH_MAX);
  return null;
}

/** Appends valid imported rows to the drafts (replacing a lone empty row), up to the batch's room. */
export function mergeImported(drafts: readonly LeadDraft[], rows: readonly ImportedRow[], room: number): { drafts: LeadDraft[]; added: number } {
  const kept = drafts.filter((d) => !isBlank(d));
  const space = Math.max(0, room - kept.length);
  const fresh = rows
    .filter((r) => !r.problem)
    .slice(0, space)
    .map((r) => newDraft({ name: r.name, phone: r.phone, remark: r.remark }));
  return { drafts: [...kept, ...fresh], added: fresh.length };
}

/** Which input a problem is about, to show it there. */
export function problemField(problem: string): 'name' | 'phone' | 'remark' {
  if (problem.startsWith('手机号')) return 'phone';
  if (problem.startsWith('备注')) return 'remark';
  return 'name';
}

// One sheet of an .xlsx download, written while its rows are read: exceljs' streaming writer commits
// each row, and before the next batch the writer waits while either the client has not taken what was
// sent or the zip has not yet compressed what the sheet wrote. (exceljs hands the sheet's XML to its
// zip without waiting: without the second wait the whole sheet sat in memory, 130 MB at 250,000 rows.)
// exceljs is loaded on the first download, not with the server: it alone took 0.4 s of every start.
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

export interface XlsxColumn {
  header: string;
  key: string;
  width: number;
}

/** Bytes either queue may hold before the writer waits. */
const OUT_BACKLOG = 4 * 1024 * 1024;
const ZIP_BACKLOG = 1024 * 1024;

/** What the sheet's zip entry holds and has not compressed (exceljs pipes the sheet into readable-stream PassThroughs). */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as { stream?: { pipes?: Array<{ _writableState?: { length: number }; _readableState?: { length: number } }> } }).stream?.pipes ?? [];
  let bytes = 0;
  for (const p of pipes) bytes += (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0);
  return bytes;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

/** An .xlsx of one sheet; `batches` yields its rows a batch at a time (stops early when the client goes away). */
export function xlsxStream(sheetName: string, columns: XlsxColumn[], batches: AsyncIterable<Array<Record<string, unknown>>>): Readable {
  const out = new PassThrough();
  const run = async () => {
    const { default: Excel } = await import('exceljs');
    const book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet(sheetName);
    sheet.columns = columns;
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(row).commit();
      while (!out.destroyed && (out.readableLength > OUT_BACKLOG || zipBacklog(sheet) > ZIP_BACKLOG)) await pause();
      if (out.destroyed) return;
    }
    sheet.commit();
    await book.commit();
  };
  run().catch((err) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

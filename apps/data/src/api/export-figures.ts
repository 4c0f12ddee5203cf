import type { DataRangeBody } from '@scrm/contracts/data';
import { postBlob, saveBlob } from '@scrm/web-parts';

/** The range's figures as a CSV file (UTF-8 with a BOM: Excel opens the Chinese as it is). */
export const exportFigures = (body: DataRangeBody) => postBlob('/api/qw/data/customer/export', body);

/** Downloads the export as 「好友分析_<start>_<end>.csv」. */
export async function downloadFigures(body: DataRangeBody): Promise<void> {
  saveBlob(await exportFigures(body), `好友分析_${body.start}_${body.end}.csv`);
}

import type { LeadExportBody } from '@scrm/contracts/lead';
import { postBlob } from '@scrm/web-parts';

/** The batch's leads as a CSV file (UTF-8 with BOM, opens in Excel). */
export const exportLeads = (body: LeadExportBody) => postBlob('/api/qw/customer/code/lead/export', body);

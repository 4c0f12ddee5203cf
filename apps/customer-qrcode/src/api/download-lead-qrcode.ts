import { postBlob } from '@scrm/web-parts';

/** A lead's QR as PNG bytes (fetched by the server from WeCom). */
export const downloadLeadQrcode = (id: number) => postBlob('/api/qw/customer/code/lead/qrcode', { id });

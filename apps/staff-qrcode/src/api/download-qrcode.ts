import { postBlob } from '@scrm/web-parts';

/** The code's QR as PNG bytes (fetched by the server from WeCom). */
export const downloadQrcode = (id: number) => postBlob('/api/qw/staff/code/qrcode', { id });

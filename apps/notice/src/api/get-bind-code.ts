import type { QrCodeData } from '@scrm/contracts/account';
import type { NotifyBindBody } from '@scrm/contracts/notify';
import { post } from '@scrm/web-kit';

/** A QR for a new recipient (name, phone) or, with `id`, to bind another WeChat user to one. */
export const getBindCode = (body: NotifyBindBody) => post<QrCodeData>('/api/account/bind/notify/code', body, { silent: true });

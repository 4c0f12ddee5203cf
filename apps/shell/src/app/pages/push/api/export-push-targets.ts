import { useMutation } from '@tanstack/react-query';
import type { PushExportBody } from '@scrm/contracts/push';
import { postBlob } from '@scrm/web-parts';

/** The results as an .xlsx, through the shared client (token, work space, XSRF). */
export const exportPushTargets = (body: PushExportBody) => postBlob('/api/qw/push/export', body);
export const useExportPushTargets = () => useMutation({ mutationFn: exportPushTargets });

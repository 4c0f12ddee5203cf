import { useMutation } from '@tanstack/react-query';
import type { CustomerExportBody } from '@scrm/contracts/customer';
import { postBlob } from '@scrm/web-parts';

/** The filtered customers as an .xlsx, through the shared client (token, work space, XSRF). */
export const exportCustomers = (body: CustomerExportBody) => postBlob('/api/qw/customer/export', body);
export const useExportCustomers = () => useMutation({ mutationFn: exportCustomers });

import type { IpList } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const IP_LIST_KEY = ['account', 'ip-list'] as const;
export const getIpList = () => post<IpList>('/api/account/ip/list', {});

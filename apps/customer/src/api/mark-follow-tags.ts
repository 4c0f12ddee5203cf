import type { CustomerFollowTagBody } from '@scrm/contracts/customer';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { customerAllKey } from './keys';

export const markFollowTags = (body: CustomerFollowTagBody) => post<null>('/api/qw/customer/tag/mark', body, { silent: true });
export const useMarkFollowTags = () => useRefreshingMutation(markFollowTags, customerAllKey, { wait: true });

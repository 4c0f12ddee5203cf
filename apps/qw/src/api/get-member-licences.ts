import type { MemberLicenceList } from '@scrm/contracts/licence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { licenceKey } from './licence-keys';

/** Each customer-contact member's licences. */
export const getMemberLicences = (id: number) => post<MemberLicenceList>('/api/qw/by/qwAccount', { id }, { silent: true });
export const memberLicencesQueryOptions = (id: number) => queryOptions({ queryKey: [...licenceKey(id), 'members'], queryFn: () => getMemberLicences(id) });
export const useMemberLicences = (id: number, config: QueryConfig<typeof memberLicencesQueryOptions> = {}) => useQuery({ ...memberLicencesQueryOptions(id), ...config });

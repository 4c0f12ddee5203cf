import type { CodeAddList, CodeAddListBody } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const codeAddsKey = (workId: number, body: CodeAddListBody) => [...staffRootKey(workId), 'adds', body] as const;
export const listCodeAdds = (body: CodeAddListBody) => post<CodeAddList>('/api/qw/staff/code/customer/list', body);
export const codeAddsQueryOptions = (workId: number, body: CodeAddListBody) => queryOptions({ queryKey: codeAddsKey(workId, body), queryFn: () => listCodeAdds(body) });
export const useCodeAdds = (workId: number, body: CodeAddListBody, config: QueryConfig<typeof codeAddsQueryOptions> = {}) => useQuery({ ...codeAddsQueryOptions(workId, body), ...config });

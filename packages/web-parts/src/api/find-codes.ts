import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CodeFindBody, CodeOptionList } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';

/** Channel and staff codes by name for the 来源活码 pickers (allowed with the 'customer' key alone). */
export const codeOptionsKey = (workId: number, body: CodeFindBody) => ['web-parts', 'code-options', workId, body] as const;
export const findCodes = (body: CodeFindBody) => post<CodeOptionList>('/api/qw/code/find', body);
export const codeOptionsQueryOptions = (workId: number, body: CodeFindBody) =>
  queryOptions({ queryKey: codeOptionsKey(workId, body), queryFn: () => findCodes(body), staleTime: 60_000 });
export const useCodeOptions = (workId: number, body: CodeFindBody, enabled = true) =>
  useQuery({ ...codeOptionsQueryOptions(workId, body), enabled: enabled && workId > 0, placeholderData: keepPreviousData });

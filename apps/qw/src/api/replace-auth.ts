import type { AuthResult, AuthUrl } from '@scrm/contracts/qw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';

export const getReplaceAuthUrl = () => post<AuthUrl>('/api/qw/replace/auth/url', {});
export const getReplaceAuthResult = (state: string) => post<AuthResult>('/api/qw/replace/auth/result', { state }, { silent: true });
// The link is made once per visit of the page: never reused from the cache.
export const replaceAuthUrlQueryOptions = () => queryOptions({ queryKey: ['qw', 'replace-auth-url'], queryFn: getReplaceAuthUrl, gcTime: 0, staleTime: Infinity });
export const useReplaceAuthUrl = () => useQuery(replaceAuthUrlQueryOptions());
/** Polls the link's result every 2 s until the corp is connected or the link failed. */
export const useReplaceAuthResult = (state: string | undefined) =>
  useQuery({
    queryKey: ['qw', 'replace-auth-result', state],
    queryFn: () => getReplaceAuthResult(state!),
    enabled: Boolean(state),
    refetchInterval: (q) => (q.state.data?.done || q.state.data?.error ? false : 2000),
  });

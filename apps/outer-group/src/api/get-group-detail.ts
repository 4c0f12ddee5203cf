import type { GroupDetail } from '@scrm/contracts/group';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';
import { groupRootKey } from './keys';

export const groupDetailKey = (workId: number, chatId: string) => [...groupRootKey(workId), 'detail', chatId] as const;
// Silent: the page shows the failure itself (「客户群不存在或已解散」 for a 404).
export const getGroupDetail = (chatId: string) => post<GroupDetail>('/api/qw/group/detail', { chatId }, { silent: true });
export const groupDetailQueryOptions = (workId: number, chatId: string) => queryOptions({ queryKey: groupDetailKey(workId, chatId), queryFn: () => getGroupDetail(chatId) });
export const useGroupDetail = (workId: number, chatId: string) => useQuery(groupDetailQueryOptions(workId, chatId));

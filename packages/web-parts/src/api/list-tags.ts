import type { CorpTagList } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';

export const tagListKey = (workId: number) => ['web-parts', 'tag-list', workId] as const;
export const listTags = () => post<CorpTagList>('/api/qw/tag/list', {});

import type { CodeGroup } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';

export const renameGroup = (id: number, name: string) => post<CodeGroup>('/api/qw/lxw/group/update', { id, name }, { silent: true });

import type { CodeGroup } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';

export const addGroup = (name: string) => post<CodeGroup>('/api/qw/lxw/group/add', { name }, { silent: true });

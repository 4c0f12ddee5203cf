import type { DepartmentList } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const departmentsKey = (workId: number) => ['staff', 'departments', workId] as const;
export const listDepartments = () => post<DepartmentList>('/api/qw/department/list', {});

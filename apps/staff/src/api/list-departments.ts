import type { DepartmentList } from '@scrm/contracts/qw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const departmentsKey = (workId: number) => ['staff', 'departments', workId] as const;
export const listDepartments = () => post<DepartmentList>('/api/qw/department/list', {});
export const departmentsQueryOptions = (workId: number) => queryOptions({ queryKey: departmentsKey(workId), queryFn: listDepartments });
export const useDepartments = (workId: number, config: QueryConfig<typeof departmentsQueryOptions> = {}) => useQuery({ ...departmentsQueryOptions(workId), ...config });

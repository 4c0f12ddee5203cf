// The 子账号 form's values and the body they make (create or update).
import type { ChildAccount, ChildCreateBody, ChildUpdateBody } from '@scrm/contracts/child';

export interface ChildFormValues {
  account: string;
  nickname: string;
  phone: string;
  password: string;
  roleId?: number;
  scope: 'all' | 'some';
  workSpaceIds: number[];
}

export const EMPTY_CHILD: ChildFormValues = { account: '', nickname: '', phone: '', password: '', roleId: undefined, scope: 'some', workSpaceIds: [] };

export const childValuesOf = (c: ChildAccount): ChildFormValues => ({
  account: c.account,
  nickname: c.nickname,
  phone: c.phone,
  password: '',
  roleId: c.roleId ?? undefined,
  scope: c.allWorkSpaces ? 'all' : 'some',
  workSpaceIds: c.workSpaceIds,
});

const access = (v: ChildFormValues) => ({
  roleId: v.roleId ?? null,
  allWorkSpaces: v.scope === 'all',
  workSpaceIds: v.scope === 'all' ? [] : v.workSpaceIds,
});

export const createBodyOf = (v: ChildFormValues): ChildCreateBody => ({
  account: v.account.trim(),
  password: v.password,
  nickname: v.nickname.trim(),
  ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
  ...access(v),
});

export const updateBodyOf = (id: number, v: ChildFormValues): ChildUpdateBody => ({
  id,
  account: v.account.trim(),
  nickname: v.nickname.trim(),
  phone: v.phone.trim(),
  ...access(v),
});

// Work spaces: the connected WeCom corps of an account (spec §3).
import { Type, type Static } from 'typebox';

export const AccessType = Type.Union([
  Type.Literal('internal'),
  Type.Literal('direct'),
  Type.Literal('third'),
  Type.Literal('replace'),
]);
export type AccessType = Static<typeof AccessType>;

export const ACCESS_TYPE_LABEL: Record<AccessType, string> = {
  internal: '自建应用',
  direct: '直连',
  third: '第三方应用',
  replace: '代开发应用',
};

export const WorkSpaceItem = Type.Object({ id: Type.Integer(), nickname: Type.String(), accessType: AccessType });
export type WorkSpaceItem = Static<typeof WorkSpaceItem>;
export const WorkSpaceList = Type.Object({ list: Type.Array(WorkSpaceItem), total: Type.Integer() });
export type WorkSpaceList = Static<typeof WorkSpaceList>;

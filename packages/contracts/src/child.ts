// Schemas of the child-account (子账号) and function-role (功能角色) calls: /api/account/child/*.
// A role holds menu keys and action keys of the one MENU tree (menu.ts); a child takes its keys from its
// role on each request and sees only the work spaces it is given (or all of them).
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';

const Keys = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 });
const WorkSpaceIds = Type.Array(Id, { maxItems: 200 });
const PageSize = Type.Integer({ minimum: 1, maximum: 100 });

export const ROLE_NAME_MAX = 30;

export const ChildRole = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  permissionKeys: Type.Array(Type.String()),
  /** How many child accounts hold this role. */
  childCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type ChildRole = Static<typeof ChildRole>;
export const RoleList = Type.Object({ list: Type.Array(ChildRole), total: Type.Integer() });
export type RoleList = Static<typeof RoleList>;
export const RoleListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(PageSize),
  name: Type.Optional(Type.String({ maxLength: ROLE_NAME_MAX })),
});
export type RoleListBody = Static<typeof RoleListBody>;
export const RoleCreateBody = Type.Object({ name: Type.String({ maxLength: ROLE_NAME_MAX }), permissionKeys: Keys });
export type RoleCreateBody = Static<typeof RoleCreateBody>;
export const RoleUpdateBody = Type.Object({ id: Id, name: Type.String({ maxLength: ROLE_NAME_MAX }), permissionKeys: Keys });
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

export const RoleTemplate = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  permissionKeys: Type.Array(Type.String()),
});
export type RoleTemplate = Static<typeof RoleTemplate>;
export const RoleTemplateList = Type.Array(RoleTemplate);

export const ChildAccount = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  nickname: Type.String(),
  phone: Type.String(),
  roleId: Type.Union([Type.Integer(), Type.Null()]),
  /** The role's name; empty without a role. */
  roleName: Type.String(),
  /** Sees every work space of the main account, those connected later included. */
  allWorkSpaces: Type.Boolean(),
  workSpaceIds: Type.Array(Type.Integer()),
  disabled: Type.Boolean(),
  createdAt: Type.Integer(),
});
export type ChildAccount = Static<typeof ChildAccount>;
export const ChildList = Type.Object({ list: Type.Array(ChildAccount), total: Type.Integer() });
export type ChildList = Static<typeof ChildList>;
export const ChildListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(PageSize),
  /** Matches the account name, nickname or phone. */
  keyword: Type.Optional(Type.String({ maxLength: 32 })),
  roleId: Type.Optional(Id),
});
export type ChildListBody = Static<typeof ChildListBody>;

export const ChildCreateBody = Type.Object({
  account: Type.String({ maxLength: 32 }),
  password: Type.String({ maxLength: 64 }),
  nickname: Type.Optional(Type.String({ maxLength: 32 })),
  phone: Type.Optional(Type.String({ maxLength: 64 })),
  roleId: Type.Union([Id, Type.Null()]),
  allWorkSpaces: Type.Optional(Type.Boolean()),
  workSpaceIds: WorkSpaceIds,
});
export type ChildCreateBody = Static<typeof ChildCreateBody>;
/** Changes what is given; `disabled: true` also ends the child's sessions at once. */
export const ChildUpdateBody = Type.Object({
  id: Id,
  account: Type.Optional(Type.String({ maxLength: 32 })),
  nickname: Type.Optional(Type.String({ maxLength: 32 })),
  phone: Type.Optional(Type.String({ maxLength: 64 })),
  roleId: Type.Optional(Type.Union([Id, Type.Null()])),
  allWorkSpaces: Type.Optional(Type.Boolean()),
  workSpaceIds: Type.Optional(WorkSpaceIds),
  disabled: Type.Optional(Type.Boolean()),
});
export type ChildUpdateBody = Static<typeof ChildUpdateBody>;
export const ChildPasswordBody = Type.Object({ id: Id, password: Type.String({ maxLength: 64 }) });
export type ChildPasswordBody = Static<typeof ChildPasswordBody>;

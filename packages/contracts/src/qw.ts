// Enterprise accounts (/api/qw/*): connecting WeCom corps, their status, sync progress and members.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';
import { AccessType } from './workspace.js';

const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

/** internal (self-built) and direct: corp id + app secret. */
export const QwAddBody = Type.Object({
  accessType: Type.Union([Type.Literal('internal'), Type.Literal('direct')]),
  nickname: Text(64),
  corpId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  agentId: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9]*$' })),
  secret: Text(256),
});
export type QwAddBody = Static<typeof QwAddBody>;

export const QwUpdateBody = Type.Object({
  id: Id,
  nickname: Type.Optional(Text(64)),
  agentId: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9]*$' })),
  secret: Type.Optional(Text(256)),
});
export type QwUpdateBody = Static<typeof QwUpdateBody>;

export const SyncStatus = Type.Union([
  Type.Literal('idle'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);
export type SyncStatus = Static<typeof SyncStatus>;

export const SyncPhase = Type.Union([
  Type.Literal('department'),
  Type.Literal('member'),
  Type.Literal('tag'),
  Type.Literal('group'),
  Type.Literal('customer'),
  Type.Literal(''),
]);
export const SyncProgress = Type.Object({
  status: SyncStatus,
  phase: SyncPhase,
  done: Type.Integer(),
  total: Type.Integer(),
  /** 0–100 over all phases. */
  percent: Type.Integer(),
  syncedAt: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type SyncProgress = Static<typeof SyncProgress>;

export const ConnectionStatus = Type.Object({
  tokenOk: Type.Boolean(),
  callbackVerified: Type.Boolean(),
  contactPermission: Type.Boolean(),
  lastCheckedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type ConnectionStatus = Static<typeof ConnectionStatus>;

export const WorkSpaceInfo = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  accessType: AccessType,
  corpId: Type.String(),
  corpName: Type.String(),
  agentId: Type.String(),
  callbackUrl: Type.String(),
  token: Type.String(),
  encodingAesKey: Type.String(),
  status: ConnectionStatus,
  sync: SyncProgress,
  createdAt: Type.Integer(),
});
export type WorkSpaceInfo = Static<typeof WorkSpaceInfo>;

/** What a guest or child may see of a work space. */
export const WorkSpaceGuest = Type.Object({ id: Type.Integer(), nickname: Type.String(), accessType: AccessType });
export type WorkSpaceGuest = Static<typeof WorkSpaceGuest>;

export const AuthUrl = Type.Object({ url: Type.String(), state: Type.String(), expiresAt: Type.Integer() });
export type AuthUrl = Static<typeof AuthUrl>;

export const StateBody = Type.Object({ state: Text(64) });
export const AuthResult = Type.Object({
  done: Type.Boolean(),
  id: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type AuthResult = Static<typeof AuthResult>;

export const ThirdCallbackBody = Type.Object({ auth_code: Text(512), state: Text(64) });

export const IpList = Type.Object({ list: Type.Array(Type.String()) });
export type IpList = Static<typeof IpList>;

export const MemberListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  departmentId: Type.Optional(Id),
  /** 资源包: only members holding a seat (with) or without one. */
  seat: Type.Optional(Type.Union([Type.Literal('with'), Type.Literal('without')])),
});
export type MemberListBody = Static<typeof MemberListBody>;

/** WeCom member status: 1 activated, 2 disabled, 4 not activated, 5 left the corp. */
export const MEMBER_STATUS_LABEL: Record<number, string> = { 1: '已激活', 2: '已禁用', 4: '未激活', 5: '退出企业' };

export const Member = Type.Object({
  userid: Type.String(),
  name: Type.String(),
  departments: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  status: Type.Integer(),
  position: Type.String(),
  avatar: Type.String(),
  isFollowUser: Type.Boolean(),
  customerCount: Type.Integer(),
  /** 资源包: the end of the member's seat's term; null without a seat (docs/seats.md). */
  seatExpiresAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type Member = Static<typeof Member>;
export const MemberList = Type.Object({ list: Type.Array(Member), total: Type.Integer(), sync: SyncProgress });
export type MemberList = Static<typeof MemberList>;

export const Department = Type.Object({ id: Type.Integer(), name: Type.String(), parentId: Type.Integer(), order: Type.Integer() });
export type Department = Static<typeof Department>;
export const DepartmentList = Type.Object({ list: Type.Array(Department) });
export type DepartmentList = Static<typeof DepartmentList>;

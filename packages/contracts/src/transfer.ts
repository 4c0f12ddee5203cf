// 客户继承 (/api/qw/transfer/*): customers handed from one member to another — 在职继承 (onjob) and
// 离职继承 (resigned) — with WeCom's status of each, and departed owners' groups. Workspace-scoped.
import { Type, type Static } from 'typebox';
import { PageNumber } from './api.js';

const UserId = Type.String({ minLength: 1, maxLength: 64 });
export const TransferKind = Type.Union([Type.Literal('onjob'), Type.Literal('resigned')]);
export type TransferKind = Static<typeof TransferKind>;

/** WeCom's transfer status, and 0 when WeCom would not start the transfer. */
export const TRANSFER_STATUS_LABEL: Record<number, string> = {
  0: '分配失败',
  1: '接替完毕',
  2: '等待接替',
  3: '客户拒绝',
  4: '接替成员客户达到上限',
  5: '无接替记录',
};

export const TransferListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  kind: Type.Optional(TransferKind),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
});
export type TransferListBody = Static<typeof TransferListBody>;

export const TransferRow = Type.Object({
  id: Type.Integer(),
  kind: TransferKind,
  handoverUserid: Type.String(),
  handoverName: Type.String(),
  takeoverUserid: Type.String(),
  takeoverName: Type.String(),
  externalUserid: Type.String(),
  customerName: Type.String(),
  status: Type.Integer(),
  statusText: Type.String(),
  /** Why WeCom would not start it (status 0), in Chinese. */
  error: Type.String(),
  /** When it was taken over (status 1) or will be at the latest (status 2), epoch ms. */
  takeoverTime: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
});
export type TransferRow = Static<typeof TransferRow>;
export const TransferList = Type.Object({
  list: Type.Array(TransferRow),
  total: Type.Integer(),
  /** Rows per status over the whole work space (as the filter tabs show them). */
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type TransferList = Static<typeof TransferList>;

export const TransferCustomerBody = Type.Object({
  kind: TransferKind,
  handoverUserid: UserId,
  takeoverUserid: UserId,
  externalUserids: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { minItems: 1, maxItems: 1000 }),
  /** 在职继承: what the customer is told (WeCom's default wording when empty). */
  message: Type.Optional(Type.String({ maxLength: 200 })),
});
export type TransferCustomerBody = Static<typeof TransferCustomerBody>;
export const TransferStarted = Type.Object({
  started: Type.Integer(),
  failed: Type.Array(Type.Object({ externalUserid: Type.String(), errcode: Type.Integer(), error: Type.String() })),
});
export type TransferStarted = Static<typeof TransferStarted>;

export const TransferCheck = Type.Object({ checked: Type.Integer(), changed: Type.Integer() });
export type TransferCheck = Static<typeof TransferCheck>;

/** Customers of departed members nobody has taken over (WeCom's get_unassigned_list). */
export const UnassignedRow = Type.Object({
  handoverUserid: Type.String(),
  handoverName: Type.String(),
  externalUserid: Type.String(),
  customerName: Type.String(),
  /** Epoch ms the member left. */
  dimissionTime: Type.Integer(),
});
export const UnassignedList = Type.Object({ list: Type.Array(UnassignedRow), total: Type.Integer() });
export type UnassignedList = Static<typeof UnassignedList>;
export const UnassignedBody = Type.Object({ page: Type.Optional(PageNumber), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) });
export type UnassignedBody = Static<typeof UnassignedBody>;

export const GroupTransferBody = Type.Object({
  chatIds: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { minItems: 1, maxItems: 100 }),
  newOwner: UserId,
});
export type GroupTransferBody = Static<typeof GroupTransferBody>;
export const GroupTransferResult = Type.Object({
  moved: Type.Integer(),
  failed: Type.Array(Type.Object({ chatId: Type.String(), errcode: Type.Integer(), error: Type.String() })),
});
export type GroupTransferResult = Static<typeof GroupTransferResult>;

/** A member's customers to pick from for 在职继承. */
export const MemberCustomersBody = Type.Object({
  userid: UserId,
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type MemberCustomersBody = Static<typeof MemberCustomersBody>;
export const MemberCustomer = Type.Object({
  externalUserid: Type.String(),
  name: Type.String(),
  remark: Type.String(),
  /** Epoch ms the member added them. */
  addedAt: Type.Integer(),
  /** A transfer of this customer is waiting for them (WeCom allows one at a time). */
  waiting: Type.Boolean(),
});
export type MemberCustomer = Static<typeof MemberCustomer>;
export const MemberCustomerList = Type.Object({ list: Type.Array(MemberCustomer), total: Type.Integer() });
export type MemberCustomerList = Static<typeof MemberCustomerList>;

/** Groups whose owner left the corp (WeCom's groupchat/list status 1), waiting for a new owner. */
export const ResignedGroup = Type.Object({
  chatId: Type.String(),
  name: Type.String(),
  owner: Type.String(),
  ownerName: Type.String(),
  memberCount: Type.Integer(),
});
export const ResignedGroupList = Type.Object({ list: Type.Array(ResignedGroup), total: Type.Integer() });
export type ResignedGroupList = Static<typeof ResignedGroupList>;

// 资源包 (/setting/package): the seats an account owns, their terms and who holds them, and the
// operations calls that add or renew seats. docs/seats.md says what each call does.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';

export const SEAT_STATES = ['free', 'bound', 'expired'] as const;
export type SeatState = (typeof SEAT_STATES)[number];
export const SeatStateSchema = Type.Union([Type.Literal('free'), Type.Literal('bound'), Type.Literal('expired')]);

/** What a new account is given at registration: a trial of seats. */
export const TRIAL_SEATS = { count: 5, days: 30 } as const;
/** 「即将到期」: a live seat whose term ends within this many days. */
export const SEAT_EXPIRING_DAYS = 30;
/** The largest count of seats one call may add or name. */
export const SEAT_BATCH_MAX = 200;

const Userid = Type.String({ minLength: 1, maxLength: 64 });
const SeatIds = Type.Array(Id, { minItems: 1, maxItems: SEAT_BATCH_MAX });

export const SeatFigures = Type.Object({
  /** Every live seat (free + used): bought, given or on trial, not expired. */
  bought: Type.Integer(),
  used: Type.Integer(),
  free: Type.Integer(),
  expired: Type.Integer(),
  /** Live seats whose term ends within 30 days. */
  expiring: Type.Integer(),
  /** The earliest end of a live seat's term (null without live seats). */
  nextExpiresAt: Type.Union([Type.Number(), Type.Null()]),
});
export type SeatFigures = Static<typeof SeatFigures>;

export const SeatInfo = Type.Object({
  figures: SeatFigures,
  /** Per work space of the account: seats given to it (free there) and used by its members. */
  workSpaces: Type.Array(Type.Object({ id: Type.Integer(), nickname: Type.String(), free: Type.Integer(), used: Type.Integer() })),
});
export type SeatInfo = Static<typeof SeatInfo>;

export const Seat = Type.Object({
  id: Type.Integer(),
  state: SeatStateSchema,
  workSpaceId: Type.Union([Type.Integer(), Type.Null()]),
  workSpaceName: Type.String(),
  userid: Type.Union([Type.String(), Type.Null()]),
  memberName: Type.String(),
  source: Type.String(),
  startsAt: Type.Number(),
  expiresAt: Type.Number(),
  boundAt: Type.Union([Type.Number(), Type.Null()]),
});
export type Seat = Static<typeof Seat>;

export const SeatListBody = Type.Object(
  {
    page: Type.Optional(PageNumber),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    state: Type.Optional(SeatStateSchema),
    /** Only seats given to this work space (0: those in the account's pool). */
    workSpaceId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
export type SeatListBody = Static<typeof SeatListBody>;
export const SeatList = Type.Object({ list: Type.Array(Seat), total: Type.Integer() });
export type SeatList = Static<typeof SeatList>;

/** bind/qw and migrate/by/qw: these seats to the work space of X-Work-Id. */
export const SeatIdsBody = Type.Object({ ids: SeatIds }, { additionalProperties: false });
export type SeatIdsBody = Static<typeof SeatIdsBody>;

/** bind/member: a seat for a member of the work space of X-Work-Id (`id`: this free seat; else any free one). */
export const SeatBindMemberBody = Type.Object({ userid: Userid, id: Type.Optional(Id) }, { additionalProperties: false });
export type SeatBindMemberBody = Static<typeof SeatBindMemberBody>;

/** bind/member/tran: the bound seat `id` to another member of its work space. */
export const SeatTransferBody = Type.Object({ id: Id, userid: Userid }, { additionalProperties: false });
export type SeatTransferBody = Static<typeof SeatTransferBody>;

export const SeatMembersBody = Type.Object({ userids: Type.Array(Userid, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });
export type SeatMembersBody = Static<typeof SeatMembersBody>;
export const SeatMemberList = Type.Object({ list: Type.Array(Type.Object({ userid: Type.String(), seat: Type.Union([Seat, Type.Null()]) })) });
export type SeatMemberList = Static<typeof SeatMemberList>;

export const SeatMemberBody = Type.Object({ userid: Userid }, { additionalProperties: false });
export const SeatMemberDetail = Type.Object({ userid: Type.String(), seat: Type.Union([Seat, Type.Null()]) });
export type SeatMemberDetail = Static<typeof SeatMemberDetail>;

/** /api/qw/lxw/remove/bind/seat/batch: unbind the seats of a channel code's members. */
export const CodeSeatRemoveBody = Type.Object({ id: Id }, { additionalProperties: false });
export const SeatCount = Type.Object({ count: Type.Integer() });
export type SeatCount = Static<typeof SeatCount>;

/** /api/admin/qw/seat/renew (X-Admin-Token): add `days` to these seats' terms (all the account's when `ids` is left out). */
export const SeatRenewBody = Type.Object(
  { accountId: Id, days: Type.Integer({ minimum: 1, maximum: 3660 }), ids: Type.Optional(SeatIds) },
  { additionalProperties: false },
);
export type SeatRenewBody = Static<typeof SeatRenewBody>;

/** The debug path: `count` new seats of `days` for an account (needs DEBUG_LOGIN_CODE; refused in production). */
export const SeatDebugAddBody = Type.Object(
  {
    accountId: Id,
    count: Type.Integer({ minimum: 1, maximum: SEAT_BATCH_MAX }),
    days: Type.Integer({ minimum: 1, maximum: 3660 }),
    code: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type SeatDebugAddBody = Static<typeof SeatDebugAddBody>;

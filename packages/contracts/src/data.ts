// 数据中心 /data/customer (好友分析): /api/qw/data/customer/* — figures over a range of China-time days
// read from the daily roll-ups; and 流失提醒, /api/qw/notify/loss/list. Definitions: docs/data-centre.md.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api';
import { DateKey, RetentionRow } from './contact-way';

/** The longest range a data centre call covers, in days (both ends counted). */
export const DATA_MAX_DAYS = 366;

/** A range of days, optionally narrowed to one member, one code (0 = added through no code) or one tag. */
export const DataRangeBody = Type.Object({
  start: DateKey,
  end: DateKey,
  userid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  contactWayId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  tagId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type DataRangeBody = Static<typeof DataRangeBody>;

/** A ranking (by member, code or tag): the top `limit` by adds. */
export const DataRankBody = Type.Object({
  start: DateKey,
  end: DateKey,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type DataRankBody = Static<typeof DataRankBody>;

export const DataFigures = Type.Object({
  /** Customers by 添加时间 (the customer list's count for the same day and filter; a range sums its days). */
  adds: Type.Integer(),
  /** Customers the member deleted (once a day). */
  lostByMember: Type.Integer(),
  /** Customers who deleted a member (once a day). */
  lostByCustomer: Type.Integer(),
  /** adds − lostByMember − lostByCustomer. */
  net: Type.Integer(),
});
export type DataFigures = Static<typeof DataFigures>;

export const DataDay = Type.Object({ date: Type.String(), ...DataFigures.properties });
export type DataDay = Static<typeof DataDay>;

export const DataTotals = Type.Object({
  start: Type.String(),
  end: Type.String(),
  days: Type.Integer(),
  ...DataFigures.properties,
  /** Changes not yet counted (many after a sync, or a rebuild running): the figures lag behind the list for a minute or two. */
  updating: Type.Optional(Type.Boolean()),
});
export type DataTotals = Static<typeof DataTotals>;

export const DataDaySeries = Type.Object({ list: Type.Array(DataDay), total: DataFigures });
export type DataDaySeries = Static<typeof DataDaySeries>;

export const DataMemberRow = Type.Object({ userid: Type.String(), name: Type.String(), ...DataFigures.properties });
export type DataMemberRow = Static<typeof DataMemberRow>;
export const DataMemberList = Type.Object({ list: Type.Array(DataMemberRow) });
export type DataMemberList = Static<typeof DataMemberList>;

/** contactWayId 0: added through no code of ours. */
export const DataCodeRow = Type.Object({ contactWayId: Type.Integer(), name: Type.String(), ...DataFigures.properties });
export type DataCodeRow = Static<typeof DataCodeRow>;
export const DataCodeList = Type.Object({ list: Type.Array(DataCodeRow) });
export type DataCodeList = Static<typeof DataCodeList>;

export const DataTagRow = Type.Object({ tagId: Type.String(), name: Type.String(), ...DataFigures.properties });
export type DataTagRow = Static<typeof DataTagRow>;
export const DataTagList = Type.Object({ list: Type.Array(DataTagRow) });
export type DataTagList = Static<typeof DataTagList>;

export const DataRetention = Type.Object({ list: Type.Array(RetentionRow) });
export type DataRetention = Static<typeof DataRetention>;

// ---------------------------------------------------------------- 流失提醒

/** customer_loss: the customer deleted the member; customer_deleted: the member deleted the customer. */
export const LossKind = Type.Union([Type.Literal('customer_loss'), Type.Literal('customer_deleted')]);
export type LossKind = Static<typeof LossKind>;

export const LossListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  kind: Type.Optional(LossKind),
});
export type LossListBody = Static<typeof LossListBody>;

export const LossNotice = Type.Object({
  id: Type.Integer(),
  kind: LossKind,
  title: Type.String(),
  content: Type.String(),
  externalUserid: Type.String(),
  userid: Type.String(),
  createdAt: Type.Integer(),
  readAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type LossNotice = Static<typeof LossNotice>;
export const LossList = Type.Object({ list: Type.Array(LossNotice), total: Type.Integer() });
export type LossList = Static<typeof LossList>;

export const LossReadBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export type LossReadBody = Static<typeof LossReadBody>;

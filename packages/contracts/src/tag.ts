// /api/qw/tag/* (标签): corp tag groups and tags, edited here and applied in WeCom first.
import { Type, type Static } from 'typebox';
import { INT4_MAX } from './api.js';

/** WeCom's caps: a tag or group name is at most 30 characters; a corp has at most 10,000 tags. */
export const TAG_NAME_MAX = 30;
export const CORP_TAG_CAP = 10_000;
/** A larger order comes first. WeCom takes [0, 2^32); we send at most int4, as every integer a request carries. */
const Order = Type.Integer({ minimum: 0, maximum: INT4_MAX });
const TagName = Type.String({ minLength: 1, maxLength: TAG_NAME_MAX });
const WecomId = Type.String({ minLength: 1, maxLength: 64 });

export const TagListBody = Type.Object({
  /** Each tag's customer count (the tag page); pickers leave it out. */
  counts: Type.Optional(Type.Boolean()),
});
export type TagListBody = Static<typeof TagListBody>;

export const TagAddBody = Type.Object({
  /** An existing group to add to; or a new group's name (WeCom adds to a group of that name if there is one). */
  groupId: Type.Optional(WecomId),
  groupName: Type.Optional(TagName),
  /** The new group's order (ignored when adding to an existing group). */
  order: Type.Optional(Order),
  tags: Type.Array(Type.Object({ name: TagName, order: Type.Optional(Order) }), { minItems: 1, maxItems: 100 }),
});
export type TagAddBody = Static<typeof TagAddBody>;

export const TagUpdateBody = Type.Object({ id: WecomId, name: Type.Optional(TagName), order: Type.Optional(Order) });
export type TagUpdateBody = Static<typeof TagUpdateBody>;

export const TagGroupUpdateBody = Type.Object({ groupId: WecomId, name: Type.Optional(TagName), order: Type.Optional(Order) });
export type TagGroupUpdateBody = Static<typeof TagGroupUpdateBody>;

export const TagDeleteBody = Type.Object({ tagIds: Type.Array(WecomId, { minItems: 1, maxItems: 100 }) });
export type TagDeleteBody = Static<typeof TagDeleteBody>;

export const TagGroupDeleteBody = Type.Object({ groupIds: Type.Array(WecomId, { minItems: 1, maxItems: 100 }) });
export type TagGroupDeleteBody = Static<typeof TagGroupDeleteBody>;

/** A group as it is after an add: the group and the tags just created. */
export const TagAddResult = Type.Object({
  groupId: Type.String(),
  groupName: Type.String(),
  tags: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type TagAddResult = Static<typeof TagAddResult>;

/** A re-read of the corp tags from WeCom: done within the request (one WeCom call), with what it found; WeCom's refusal is a 4xx. */
export const TagSyncResult = Type.Object({
  state: Type.Literal('done'),
  groups: Type.Integer(),
  tags: Type.Integer(),
  syncedAt: Type.Integer(),
});
export type TagSyncResult = Static<typeof TagSyncResult>;

/**
 * The tag page's own sync (「同步企业微信标签」), apart from the work space's full sync: running, done or
 * failed (WeCom's reason), when it last succeeded and what it found then.
 */
export const TagSyncState = Type.Object({
  status: Type.Union([Type.Literal('idle'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  syncedAt: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  groups: Type.Integer(),
  tags: Type.Integer(),
});
export type TagSyncState = Static<typeof TagSyncState>;

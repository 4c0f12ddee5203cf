// 成员分组 (/api/qw/member/group/*): named groups of a work space's members, offered by every member picker.
import { Type, type Static } from 'typebox';
import { Id } from './api.js';

/** A group's name: what the page's input allows. */
export const MEMBER_GROUP_NAME_MAX = 30;
/** Members a group may hold (a push names at most 1,000 members). */
export const MEMBER_GROUP_SIZE_MAX = 1000;

const Name = Type.String({ minLength: 1, maxLength: MEMBER_GROUP_NAME_MAX });
const Userids = (minItems: number) => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems, maxItems: MEMBER_GROUP_SIZE_MAX });

export const MemberGroupFindBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: MEMBER_GROUP_NAME_MAX })) });
export type MemberGroupFindBody = Static<typeof MemberGroupFindBody>;
export const MemberGroupAddBody = Type.Object({ name: Name, userids: Type.Optional(Userids(0)) });
export type MemberGroupAddBody = Static<typeof MemberGroupAddBody>;
/** Renames and/or sets the members (the list replaces the group's members). */
export const MemberGroupUpdateBody = Type.Object({ id: Id, name: Type.Optional(Name), userids: Type.Optional(Userids(0)) });
export type MemberGroupUpdateBody = Static<typeof MemberGroupUpdateBody>;
export const MemberGroupIdBody = Type.Object({ id: Id });
export type MemberGroupIdBody = Static<typeof MemberGroupIdBody>;
/** Takes these members out of the group. */
export const MemberGroupRemoveBody = Type.Object({ id: Id, userids: Userids(1) });
export type MemberGroupRemoveBody = Static<typeof MemberGroupRemoveBody>;

export const MemberGroupMember = Type.Object({
  userid: Type.String(),
  /** Empty when the member has left the corp. */
  name: Type.String(),
  avatar: Type.String(),
  /** The member's departments (empty when the member has left the corp). */
  departmentNames: Type.Array(Type.String()),
  /** Left the corp (no longer in the synced members): kept in the group, never picked. */
  departed: Type.Boolean(),
});
export type MemberGroupMember = Static<typeof MemberGroupMember>;
export const MemberGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Members still in the corp. */
  count: Type.Integer(),
  members: Type.Array(MemberGroupMember),
});
export type MemberGroup = Static<typeof MemberGroup>;
export const MemberGroupList = Type.Object({ list: Type.Array(MemberGroup) });
export type MemberGroupList = Static<typeof MemberGroupList>;

// The list's filters as kept in the URL (text fields; lists comma-joined) and as the API reads them.
import type { CustomerFilter, FollowStatus, TagMode } from '@scrm/contracts/customer';

export const URL_FIELDS = {
  keyword: 'text',
  userids: 'text',
  tagIds: 'text',
  tagMode: 'text',
  codes: 'text',
  from: 'text',
  to: 'text',
  gender: 'text',
  addWay: 'text',
  status: 'text',
  order: 'text',
} as const;

export type UrlValues = Record<keyof typeof URL_FIELDS, string>;

export const splitList = (v: string): string[] => (v ? v.split(',').filter(Boolean) : []);
const whole = (v: string): number | undefined => (v !== '' && Number.isInteger(Number(v)) ? Number(v) : undefined);

const TAG_MODES: readonly TagMode[] = ['any', 'all', 'none'];
const STATUSES: readonly FollowStatus[] = ['live', 'deleted_by_member', 'deleted_by_customer'];

/** The API filter of the URL's values (what cannot be read is left out). */
export function filterOf(v: UrlValues): CustomerFilter {
  const tagIds = splitList(v.tagIds);
  const codes = splitList(v.codes)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const f: CustomerFilter = {};
  if (v.keyword.trim()) f.keyword = v.keyword.trim();
  if (splitList(v.userids).length) f.userids = splitList(v.userids);
  if (tagIds.length) {
    f.tagIds = tagIds;
    f.tagMode = TAG_MODES.includes(v.tagMode as TagMode) ? (v.tagMode as TagMode) : 'any';
  }
  if (codes.length) f.contactWayIds = codes;
  if (/^\d{4}-\d\d-\d\d$/.test(v.from)) f.addedFrom = v.from;
  if (/^\d{4}-\d\d-\d\d$/.test(v.to)) f.addedTo = v.to;
  const gender = whole(v.gender);
  if (gender !== undefined && gender >= 0 && gender <= 2) f.gender = gender;
  const addWay = whole(v.addWay);
  if (addWay !== undefined) f.addWay = addWay;
  if (STATUSES.includes(v.status as FollowStatus)) f.status = v.status as FollowStatus;
  return f;
}

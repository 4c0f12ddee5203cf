// The rules of a corp's customer tags, as WeCom applies them — to the API (add/edit/del_corp_tag) and to
// an admin's edits in the console (control happenings) alike: names of 1–30 characters, no two tags of
// a group and no two groups with the same name, at most 10,000 tags, a group never left empty.
import { randomBytes } from 'node:crypto';
import type { Corp, Tag, TagGroup } from './corp.js';
import { fail, MSG } from './errors.js';

export const TAG_CAP = 10_000;
const NAME_MAX = 30;
/** WeCom's order values: [0, 2^32), a larger one first. */
const ORDER_MAX = 4294967295;

export const ERR_INVALID_TAG = 40068;
export const ERR_NAME_EXISTS = 40071;
export const ERR_TAG_CAP = 40126;

const nowS = () => Math.floor(Date.now() / 1000);
export const newTagId = () => `et${randomBytes(15).toString('base64url').slice(0, 20)}`;

export function tagName(v: unknown, what: string): string {
  if (typeof v !== 'string' || !v.trim()) return fail(40058, MSG.param(`${what} is required`));
  if ([...v].length > NAME_MAX) fail(40058, MSG.param(`${what} exceeds ${NAME_MAX} characters`));
  return v;
}

export function tagOrder(v: unknown, what: string, def?: number): number {
  if (v === undefined || v === null) return def ?? fail(40058, MSG.param(`${what} is required`));
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > ORDER_MAX) return fail(40058, MSG.param(`${what} out of range [0, ${ORDER_MAX}]`));
  return v;
}

export const liveGroups = (corp: Corp) => corp.tagGroups.filter((g) => !g.deleted);
export const liveGroup = (corp: Corp, id: unknown) => liveGroups(corp).find((g) => g.group_id === id);
const liveCount = (corp: Corp) => corp.tagGroups.reduce((n, g) => n + (g.deleted ? 0 : g.tag.filter((t) => !t.deleted).length), 0);

/**
 * add_corp_tag: tags into a group named by id, or by name (a group of that name gets them; else a new
 * group). Everything is checked before anything changes.
 */
export function addCorpTags(
  corp: Corp,
  b: { group_id?: unknown; group_name?: unknown; order?: unknown; tag?: unknown },
): { group: TagGroup; added: Tag[]; newGroup: boolean } {
  const input = Array.isArray(b.tag) ? (b.tag as Array<Record<string, unknown>>) : fail(40058, MSG.param('tag is required'));
  if (!input.length) fail(40058, MSG.param('tag is empty'));
  let group: TagGroup | undefined;
  let groupName = '';
  let groupOrder = 0;
  if (b.group_id !== undefined && b.group_id !== '') {
    group = liveGroup(corp, b.group_id) ?? fail(ERR_INVALID_TAG, 'invalid tagid');
  } else {
    groupName = tagName(b.group_name, 'group_name');
    groupOrder = tagOrder(b.order, 'order', 0);
    group = liveGroups(corp).find((g) => g.group_name === groupName);
  }
  const names: string[] = [];
  for (const t of input) {
    const name = tagName(t?.name, 'tag.name');
    if (names.includes(name) || group?.tag.some((x) => !x.deleted && x.name === name)) fail(ERR_NAME_EXISTS, 'tag name exists');
    names.push(name);
  }
  if (liveCount(corp) + names.length > TAG_CAP) fail(ERR_TAG_CAP, 'tag count exceed');
  const now = nowS();
  const newGroup = !group;
  if (!group) {
    group = { group_id: newTagId(), group_name: groupName, create_time: now, order: groupOrder, deleted: false, tag: [] };
    corp.tagGroups.push(group);
  }
  const added = input.map((t, i) => ({ id: newTagId(), name: names[i]!, create_time: now, order: tagOrder(t.order, 'tag.order', 0), deleted: false }));
  group.tag.push(...added);
  corp.reindexTags();
  return { group, added, newGroup };
}

/** edit_corp_tag: a tag's or a group's name and order (the same call for both). */
export function editCorpTag(corp: Corp, b: { id?: unknown; name?: unknown; order?: unknown }): 'tag' | 'tag_group' {
  if (typeof b.id !== 'string' || !b.id) return fail(40058, MSG.param('id is required'));
  const group = liveGroup(corp, b.id);
  const found = group ? undefined : corp.tag(b.id);
  const tag = found && !found.tag.deleted && !found.group.deleted ? found : undefined;
  if (!group && !tag) fail(ERR_INVALID_TAG, 'invalid tagid');
  const name = b.name !== undefined ? tagName(b.name, 'name') : undefined;
  const order = b.order !== undefined ? tagOrder(b.order, 'order') : undefined;
  if (name !== undefined) {
    const taken = group
      ? liveGroups(corp).some((g) => g !== group && g.group_name === name)
      : tag!.group.tag.some((t) => t !== tag!.tag && !t.deleted && t.name === name);
    if (taken) fail(ERR_NAME_EXISTS, 'tag name exists');
  }
  const target: { name?: string; group_name?: string; order: number } = group ?? tag!.tag;
  if (name !== undefined) {
    if (group) group.group_name = name;
    else tag!.tag.name = name;
  }
  if (order !== undefined) target.order = order;
  return group ? 'tag_group' : 'tag';
}

/**
 * del_corp_tag: tags and whole groups; every id must be live. A group whose last tag goes is deleted
 * with it (WeCom keeps no empty group). Returns the groups that went that way.
 */
export function delCorpTags(corp: Corp, tagIds: string[], groupIds: string[]): { emptiedGroups: string[] } {
  if (!tagIds.length && !groupIds.length) fail(40058, MSG.param('tag_id or group_id is required'));
  const tags = tagIds.map((id) => {
    const t = corp.tag(id);
    return t && !t.tag.deleted && !t.group.deleted ? t : fail(ERR_INVALID_TAG, 'invalid tagid');
  });
  const groups = groupIds.map((id) => liveGroup(corp, id) ?? fail(ERR_INVALID_TAG, 'invalid tagid'));
  for (const t of tags) t.tag.deleted = true;
  for (const g of groups) {
    g.deleted = true;
    for (const t of g.tag) t.deleted = true;
  }
  const emptiedGroups: string[] = [];
  for (const { group: g } of tags) {
    if (!g.deleted && g.tag.every((t) => t.deleted)) {
      g.deleted = true;
      emptiedGroups.push(g.group_id);
    }
  }
  return { emptiedGroups };
}

/** An admin drags tags (of one group) or groups into a new order: the first listed comes first. */
export function shuffleTags(corp: Corp, groupId: string | undefined, ids: string[]): void {
  const items: Array<{ id: string; item: { order: number } }> = groupId
    ? (liveGroup(corp, groupId) ?? fail(ERR_INVALID_TAG, 'invalid tagid')).tag.filter((t) => !t.deleted).map((t) => ({ id: t.id, item: t }))
    : liveGroups(corp).map((g) => ({ id: g.group_id, item: g }));
  const byId = new Map(items.map((x) => [x.id, x.item]));
  if (ids.length !== items.length || ids.some((id) => !byId.has(id)) || new Set(ids).size !== ids.length) {
    fail(40058, MSG.param('order must list every tag of the group (or every group) once'));
  }
  ids.forEach((id, i) => (byId.get(id)!.order = ids.length - i));
}

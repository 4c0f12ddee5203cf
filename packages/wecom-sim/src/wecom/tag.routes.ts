// Corp customer tags: groups of tags, and marking them on follow relations.
import { randomBytes } from 'node:crypto';
import type { Corp, Tag, TagGroup } from './corp.js';
import { fail } from './errors.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { relation } from './customer.routes.js';
import { int, str, strList } from './params.js';

const TAG_CAP = 10_000;
const newTagId = () => `et${randomBytes(15).toString('base64url').slice(0, 20)}`;
const groupOut = (g: TagGroup, tags: Tag[] = g.tag) => ({
  group_id: g.group_id,
  group_name: g.group_name,
  create_time: g.create_time,
  order: g.order,
  tag: tags.filter((t) => !t.deleted).map(({ deleted: _d, ...t }) => t),
});

export function liveTag(corp: Corp, id: string) {
  const t = corp.tag(id);
  return t && !t.tag.deleted && !t.group.deleted ? t : undefined;
}

export function tagRoutes(r: Router) {
  r.post('externalcontact/get_corp_tag_list', 'corp', (c) => {
    needScope(c, 'customer');
    const tagIds = strList(c.body.tag_id, 'tag_id');
    const groupIds = strList(c.body.group_id, 'group_id');
    const groups = c.corp.tagGroups.filter((g) => !g.deleted);
    if (groupIds.length) return { tag_group: groups.filter((g) => groupIds.includes(g.group_id)).map((g) => groupOut(g)) };
    if (tagIds.length) {
      return {
        tag_group: groups
          .map((g) => ({ g, tags: g.tag.filter((t) => tagIds.includes(t.id)) }))
          .filter((x) => x.tags.some((t) => !t.deleted))
          .map((x) => groupOut(x.g, x.tags)),
      };
    }
    return { tag_group: groups.map((g) => groupOut(g)) };
  });

  r.post('externalcontact/add_corp_tag', 'corp', (c) => {
    needScope(c, 'customer');
    const b = c.body;
    const corp = c.corp;
    const tags = Array.isArray(b.tag) ? (b.tag as Array<Record<string, unknown>>) : fail(40058, 'invalid parameter: tag is required');
    if (!tags.length) fail(40058, 'invalid parameter: tag is empty');
    const now = Math.floor(Date.now() / 1000);
    let group: TagGroup | undefined;
    if (b.group_id) {
      group = corp.tagGroups.find((g) => g.group_id === b.group_id && !g.deleted) ?? fail(40068, 'invalid tagid');
    } else {
      const name = str(b.group_name, 'group_name', { required: true, max: 30 });
      group = corp.tagGroups.find((g) => g.group_name === name && !g.deleted);
      if (!group) {
        group = { group_id: newTagId(), group_name: name, create_time: now, order: int(b.order, 'order', { def: 0 }), deleted: false, tag: [] };
        corp.tagGroups.push(group);
      }
    }
    const live = corp.tagGroups.reduce((n, g) => n + g.tag.filter((t) => !t.deleted).length, 0);
    if (live + tags.length > TAG_CAP) fail(40126, 'tag count exceed');
    const added: Tag[] = [];
    for (const t of tags) {
      const name = str(t.name, 'tag.name', { required: true, max: 30 });
      if (group.tag.some((x) => !x.deleted && x.name === name) || added.some((x) => x.name === name)) fail(40071, 'tag name exists');
      added.push({ id: newTagId(), name, create_time: now, order: int(t.order, 'tag.order', { def: 0 }), deleted: false });
    }
    group.tag.push(...added);
    corp.reindexTags();
    return { tag_group: groupOut(group, added) };
  });

  r.post('externalcontact/edit_corp_tag', 'corp', (c) => {
    needScope(c, 'customer');
    const id = str(c.body.id, 'id', { required: true });
    const corp = c.corp;
    const group = corp.tagGroups.find((g) => g.group_id === id && !g.deleted);
    const target: Tag | TagGroup = group ?? liveTag(corp, id)?.tag ?? fail(40068, 'invalid tagid');
    if (c.body.name !== undefined) {
      const name = str(c.body.name, 'name', { required: true, max: 30 });
      if ('group_name' in target) target.group_name = name;
      else target.name = name;
    }
    if (c.body.order !== undefined) target.order = int(c.body.order, 'order');
    return {};
  });

  r.post('externalcontact/del_corp_tag', 'corp', (c) => {
    needScope(c, 'customer');
    const tagIds = strList(c.body.tag_id, 'tag_id');
    const groupIds = strList(c.body.group_id, 'group_id');
    if (!tagIds.length && !groupIds.length) fail(40058, 'invalid parameter: tag_id or group_id is required');
    const corp = c.corp;
    for (const id of tagIds) (liveTag(corp, id) ?? fail(40068, 'invalid tagid')).tag.deleted = true;
    for (const id of groupIds) {
      const g = corp.tagGroups.find((x) => x.group_id === id && !x.deleted) ?? fail(40068, 'invalid tagid');
      g.deleted = true;
      for (const t of g.tag) t.deleted = true;
    }
    // a group whose last tag went is deleted too
    for (const g of corp.tagGroups) if (!g.deleted && g.tag.length && g.tag.every((t) => t.deleted)) g.deleted = true;
    return {};
  });

  r.post('externalcontact/mark_tag', 'corp', (c) => {
    needScope(c, 'customer');
    const f = relation(c);
    const add = strList(c.body.add_tag, 'add_tag');
    const remove = strList(c.body.remove_tag, 'remove_tag');
    if (!add.length && !remove.length) fail(40058, 'invalid parameter: add_tag and remove_tag are empty');
    for (const id of [...add, ...remove]) if (!liveTag(c.corp, id)) fail(40068, 'invalid tagid');
    const now = new Set(c.corp.fTags[f] ?? []);
    for (const id of add) now.add(id);
    for (const id of remove) now.delete(id);
    c.corp.fTags[f] = c.corp.internTags([...now]);
    return {};
  });
}

// Corp customer tags: groups of tags, and marking them on follow relations.
import type { Corp, Tag, TagGroup } from './corp.js';
import { fail } from './errors.js';
import { addCorpTags, delCorpTags, editCorpTag } from './corp-tags.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { relation } from './customer.routes.js';
import { strList } from './params.js';

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

  // Edits through the API: WeCom sends no change_external_tag for them (the app knows what it did).
  r.post('externalcontact/add_corp_tag', 'corp', (c) => {
    needScope(c, 'customer');
    const { group, added } = addCorpTags(c.corp, c.body);
    return { tag_group: groupOut(group, added) };
  });

  r.post('externalcontact/edit_corp_tag', 'corp', (c) => {
    needScope(c, 'customer');
    editCorpTag(c.corp, c.body);
    return {};
  });

  r.post('externalcontact/del_corp_tag', 'corp', (c) => {
    needScope(c, 'customer');
    delCorpTags(c.corp, strList(c.body.tag_id, 'tag_id'), strList(c.body.group_id, 'group_id'));
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

// Customer groups.
import { fail } from './errors.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { bool, int, page, str, strList } from './params.js';

export function groupRoutes(r: Router) {
  r.post('externalcontact/groupchat/list', 'corp', (c) => {
    needScope(c, 'customer');
    const status = int(c.body.status_filter, 'status_filter', { min: 0, max: 3, def: 0 });
    const owners = strList(c.body.owner_filter?.userid_list, 'owner_filter.userid_list', { max: 100 });
    const limit = int(c.body.limit, 'limit', { min: 1, max: 1000 });
    const chats = c.corp.groups.filter((g) => (status === 0 || g.status === status) && (!owners.length || owners.includes(g.owner)));
    const { items, next } = page(chats, c.body.cursor, limit);
    return { group_chat_list: items.map((g) => ({ chat_id: g.chat_id, status: g.status })), next_cursor: next };
  });

  r.post('externalcontact/groupchat/get', 'corp', (c) => {
    needScope(c, 'customer');
    const id = str(c.body.chat_id, 'chat_id', { required: true });
    const g = c.corp.group(id) ?? fail(40050, 'chatid not found');
    const needName = bool(c.body.need_name, false);
    return {
      group_chat: {
        chat_id: g.chat_id,
        name: g.name,
        owner: g.owner,
        create_time: g.create_time,
        notice: g.notice,
        member_list: g.member_list.map(({ name, ...m }) => (needName ? { ...m, name } : m)),
        admin_list: g.admin_list,
        member_version: String(g.member_version),
      },
    };
  });
}

// /api/qw/tag/list: the corp tags of a work space as synced from WeCom, grouped (pickers and tag pages).
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { CorpTagList } from '@scrm/contracts/customer';
import type { Database } from '../db/database.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import { PICKER_PERMISSIONS } from '../member/member.routes.js';

export async function tagRoutes(app: Api, opts: { database: Database }) {
  app.post(
    '/tag/list',
    {
      config: { permission: PICKER_PERMISSIONS, workSpace: true },
      schema: { tags: ['标签'], security: [{ bearer: [] }], summary: '企业标签（按标签组）', body: Type.Optional(Type.Object({})), response: { 200: Ok(CorpTagList) } },
    },
    async (req) => {
      const ws = workSpaceOf(req);
      const db = opts.database.kysely;
      const [groups, tags] = await Promise.all([
        db.selectFrom('corp_tag_group').selectAll().where('work_space_id', '=', ws.id).orderBy('order', 'desc').orderBy('group_id').execute(),
        db.selectFrom('corp_tag').selectAll().where('work_space_id', '=', ws.id).orderBy('order', 'desc').orderBy('id').execute(),
      ]);
      return ok({
        list: groups.map((g) => ({
          groupId: g.group_id,
          groupName: g.name,
          order: Number(g.order),
          tags: tags.filter((t) => t.group_id === g.group_id).map((t) => ({ id: t.id, name: t.name, order: Number(t.order) })),
        })),
      });
    },
  );
}

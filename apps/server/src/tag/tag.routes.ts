// /api/qw/tag/list: the corp tags of a work space as synced from WeCom, grouped (pickers and tag pages).
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { CorpTagList } from '@scrm/contracts/customer';
import { ok } from '../http/envelope.js';
import type { Database } from '../db/database.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import { PICKER_PERMISSIONS } from '../member/member.routes.js';

export async function tagRoutes(app: Api, _opts: { database: Database }) {
  app.post(
    '/tag/list',
    {
      config: { permission: PICKER_PERMISSIONS, workSpace: true },
      schema: { tags: ['标签'], security: [{ bearer: [] }], summary: '企业标签（按标签组）', body: Type.Optional(Type.Object({})), response: { 200: Ok(CorpTagList) } },
    },
    async (req) => ok(await app.services.tags.list(workSpaceOf(req))),
  );
}

// /api/qw/*: the caller's connected WeCom corps (work spaces).
import { PageBody } from '@scrm/contracts/account';
import { Ok } from '@scrm/contracts/api';
import { WorkSpaceList } from '@scrm/contracts/workspace';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { WorkSpaceService } from './workspace.service.js';

export async function workSpaceRoutes(app: Api, opts: { workSpaces: WorkSpaceService }) {
  app.post(
    '/list',
    {
      schema: {
        tags: ['企业账号'],
        summary: '已接入的企业微信（工作空间）列表',
        security: [{ bearer: [] }],
        body: PageBody,
        response: { 200: Ok(WorkSpaceList) },
      },
    },
    async (req) => ok(await opts.workSpaces.list(callerOf(req), req.body.page, req.body.pageSize)),
  );
}

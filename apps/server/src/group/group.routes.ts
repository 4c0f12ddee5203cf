// /api/qw/group/list|detail|sync (客户群): workspace-scoped (X-Work-Id).
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { GroupDetail, GroupDetailBody, GroupList, GroupListBody } from '@scrm/contracts/group';
import { SyncProgress } from '@scrm/contracts/qw';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { GroupService } from './group.service.js';

export async function groupRoutes(app: Api, opts: { groups: GroupService }) {
  const { groups } = opts;
  const tags = ['客户群'];
  const security = [{ bearer: [] }];
  const config = { permission: 'outer-group', workSpace: true };

  app.post(
    '/group/list',
    { config, schema: { tags, security, summary: '客户群列表：群主、人数（客户/员工）、今日入群与退群；按群主、群名、客户标签筛选', body: GroupListBody, response: { 200: Ok(GroupList) } } },
    async (req) => ok(await groups.list(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/group/detail',
    { config, schema: { tags, security, summary: '客户群详情：群成员（入群时间、方式、邀请人）与近 30 天入群退群趋势', body: GroupDetailBody, response: { 200: Ok(GroupDetail) } } },
    async (req) => ok(await groups.detail(workSpaceOf(req), req.body)),
  );

  app.post(
    '/group/sync',
    { config, schema: { tags, security, summary: '从企业微信重新读取客户群（后台任务，进度见 group/list 的 sync）', body: Type.Optional(Type.Object({})), response: { 200: Ok(SyncProgress) } } },
    async (req) => ok(await groups.startSync(workSpaceOf(req))),
  );
}

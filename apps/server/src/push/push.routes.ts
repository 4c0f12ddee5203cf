// /api/qw/push/* (群发): the list, 预计送达, create / edit / cancel / delete, the detail with each member's
// and each customer's result, reminders and the Excel export. Workspace-scoped (X-Work-Id); viewing
// under the menu key `push`, changing under `push.create` (新建群发).
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { dayKey } from '@scrm/contracts/china-time';
import {
  PushDetail,
  PushExportBody,
  PushIdBody,
  PushInput,
  PushList,
  PushListBody,
  PushMemberList,
  PushMembersBody,
  PushReach,
  PushReachBody,
  PushRemindBody,
  PushRemindResult,
  PushTargetList,
  PushTargetsBody,
  PushUpdateBody,
} from '@scrm/contracts/push';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { PushService } from './push.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (filename: string) => `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
const IdResult = Type.Object({ id: Type.Integer() });

export async function pushRoutes(app: Api, opts: { pushes: PushService }) {
  const { pushes } = opts;
  const tags = ['群发'];
  const security = [{ bearer: [] }];
  const view = { permission: 'push', workSpace: true };
  const change = { permission: 'push.create', workSpace: true };

  app.post(
    '/push/list',
    { config: { ...view, keep: true }, schema: { tags, security, summary: '群发列表：状态与送达、未发送、失败人数', body: PushListBody, response: { 200: Ok(PushList) } } },
    async (req) => ok(await pushes.list(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/push/reach',
    { config: change, schema: { tags, security, summary: '预计送达：按所选条件现在可送达的客户（客户群）与成员数，及本月接收已达上限的客户数', body: PushReachBody, response: { 200: Ok(PushReach) } } },
    async (req) => ok(await pushes.reach(workSpaceOf(req), req.body)),
  );
  app.post(
    '/push/add',
    { config: change, schema: { tags, security, summary: '新建群发：立即发送或定时发送（每位成员一个企业微信群发任务，成员确认后发出）', body: PushInput, response: { 200: Ok(IdResult) } } },
    async (req) => ok(await pushes.add(workSpaceOf(req), callerOf(req), req.body)),
  );
  app.post(
    '/push/update',
    { config: change, schema: { tags, security, summary: '编辑定时群发（开始发送前）', body: PushUpdateBody, response: { 200: Ok(IdResult) } } },
    async (req) => ok(await pushes.update(workSpaceOf(req), req.body)),
  );
  app.post(
    '/push/cancel',
    { config: change, schema: { tags, security, summary: '取消群发：定时的不再发送；发送中的停止未发送成员的任务', body: PushIdBody, response: { 200: Ok(IdResult) } } },
    async (req) => ok(await pushes.cancel(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/push/delete',
    { config: change, schema: { tags, security, summary: '删除群发（发送中的不能删除）', body: PushIdBody, response: { 200: Ok(IdResult) } } },
    async (req) => ok(await pushes.remove(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/push/detail',
    { config: view, schema: { tags, security, summary: '群发详情：内容、对象、统计与跟踪时间', body: PushIdBody, response: { 200: Ok(PushDetail) } } },
    async (req) => ok(await pushes.detail(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/push/members',
    { config: view, schema: { tags, security, summary: '群发成员：每位成员是否已发送及送达人数', body: PushMembersBody, response: { 200: Ok(PushMemberList) } } },
    async (req) => ok(await pushes.members(workSpaceOf(req), req.body)),
  );
  app.post(
    '/push/remind',
    { config: change, schema: { tags, security, summary: '提醒发送：提醒未发送的成员（每个任务 24 小时内最多三次，企业微信的限制）', body: PushRemindBody, response: { 200: Ok(PushRemindResult) } } },
    async (req) => ok(await pushes.remind(workSpaceOf(req), req.body)),
  );
  app.post(
    '/push/targets',
    { config: view, schema: { tags, security, summary: '群发结果：每位客户（客户群）的送达情况', body: PushTargetsBody, response: { 200: Ok(PushTargetList) } } },
    async (req) => ok(await pushes.targets(workSpaceOf(req), req.body)),
  );
  app.post(
    '/push/export',
    { config: view, schema: { tags, security, summary: '导出群发结果（Excel .xlsx）', body: PushExportBody } },
    async (req, reply) => {
      const { name, stream } = await pushes.export(workSpaceOf(req), req.body);
      return reply.type(XLSX).header('content-disposition', attachment(`群发结果-${name}-${dayKey(Date.now()).replaceAll('-', '')}.xlsx`)).send(stream);
    },
  );
}

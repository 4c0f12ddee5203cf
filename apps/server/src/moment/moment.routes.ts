// /api/qw/moment/* (朋友圈): moments tasks, their senders' publish state and 提醒发表. Workspace-scoped
// (X-Work-Id); reading under the menu key moment-push, changing under moment-push.create.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  MomentDetail,
  MomentIdBody,
  MomentInput,
  MomentList,
  MomentListBody,
  MomentMemberList,
  MomentMembersBody,
  MomentRemindBody,
  MomentRemindResult,
  MomentUpdateBody,
} from '@scrm/contracts/moment';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { MomentService } from './moment.service.js';

export async function momentRoutes(app: Api, opts: { moments: MomentService }) {
  const { moments } = opts;
  const tags = ['朋友圈'];
  const security = [{ bearer: [] }];
  const view = { permission: 'moment-push', workSpace: true };
  const change = { permission: 'moment-push.create', workSpace: true };

  app.post(
    '/moment/list',
    { config: view, schema: { tags, security, summary: '朋友圈列表（状态、发表人数）', body: MomentListBody, response: { 200: Ok(MomentList) } } },
    async (req) => ok(await moments.list(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/moment/detail',
    { config: view, schema: { tags, security, summary: '朋友圈详情（内容、可见范围、统计）', body: MomentIdBody, response: { 200: Ok(MomentDetail) } } },
    async (req) => ok(await moments.detail(workSpaceOf(req), req.body.id)),
  );

  app.post(
    '/moment/members',
    { config: view, schema: { tags, security, summary: '朋友圈的发表成员：已发表、未发表、无法发表', body: MomentMembersBody, response: { 200: Ok(MomentMemberList) } } },
    async (req) => ok(await moments.members(workSpaceOf(req), req.body)),
  );

  app.post(
    '/moment/add',
    { config: change, schema: { tags, security, summary: '新建朋友圈：立即或定时发送（企业微信 add_moment_task）', body: MomentInput, response: { 200: Ok(MomentDetail) } } },
    async (req) => ok(await moments.add(workSpaceOf(req), callerOf(req), req.body)),
  );

  app.post(
    '/moment/update',
    { config: change, schema: { tags, security, summary: '编辑待发送的朋友圈', body: MomentUpdateBody, response: { 200: Ok(MomentDetail) } } },
    async (req) => ok(await moments.update(workSpaceOf(req), req.body)),
  );

  app.post(
    '/moment/cancel',
    { config: change, schema: { tags, security, summary: '取消朋友圈：待发送的不再发送，发送中的停止（cancel_moment_task）', body: MomentIdBody, response: { 200: Ok(MomentDetail) } } },
    async (req) => ok(await moments.cancel(workSpaceOf(req), req.body.id)),
  );

  app.post(
    '/moment/delete',
    { config: change, schema: { tags, security, summary: '删除朋友圈记录（发送中的须先取消）', body: MomentIdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await moments.delete(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/moment/remind',
    { config: change, schema: { tags, security, summary: '提醒发表：给未发表的成员发应用消息，每人每 24 小时一次', body: MomentRemindBody, response: { 200: Ok(MomentRemindResult) } } },
    async (req) => ok(await moments.remind(workSpaceOf(req), req.body)),
  );
}

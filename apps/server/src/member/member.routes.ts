// /api/qw/member/* and /api/qw/department/list: workspace-scoped (X-Work-Id) member calls.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { DepartmentList, MemberList, MemberListBody, SyncProgress } from '@scrm/contracts/qw';
import { MemberFindBody, MemberOptionList } from '@scrm/contracts/customer';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import { syncOf, type WorkSpaceService } from '../workspace/workspace.service.js';
import type { MemberService } from './member.service.js';

/** Pages that pick members or tags: any one of these lets a child account read the pickers. */
export const PICKER_PERMISSIONS = [
  'staff',
  'channel-qrcode',
  'staff-qrcode',
  'customer-qrcode',
  'risk',
  'customer',
  'outer-group',
  'tag',
  'tag-auto',
  'push',
  'moment-push',
  'data-customer',
] as const;

export async function memberRoutes(app: Api, opts: { members: MemberService; workSpaces: WorkSpaceService }) {
  const tags = ['成员'];
  const security = [{ bearer: [] }];
  const config = { permission: 'staff', workSpace: true };

  app.post(
    '/member/list',
    { config: { ...config, keep: true }, schema: { tags, security, summary: '成员列表（X-Work-Id 指定企业）', body: MemberListBody, response: { 200: Ok(MemberList) } } },
    async (req) => ok(await opts.members.list(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/member/sync',
    { config, schema: { tags, security, summary: '从企业微信同步部门与成员', response: { 200: Ok(SyncProgress) } } },
    async (req) => {
      const ws = workSpaceOf(req);
      await opts.members.startSync(ws);
      const fresh = (await opts.workSpaces.find(ws.id))!;
      return ok({ ...syncOf(fresh), status: 'running' as const });
    },
  );

  app.post(
    '/member/find',
    {
      config: { permission: PICKER_PERMISSIONS, workSpace: true },
      schema: { tags, security, summary: '选择成员：按姓名或账号搜索（默认仅有客户联系权限的成员）', body: MemberFindBody, response: { 200: Ok(MemberOptionList) } },
    },
    async (req) => ok(await opts.members.find(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/department/list',
    { config, schema: { tags, security, summary: '部门列表（X-Work-Id 指定企业）', body: Type.Optional(Type.Object({})), response: { 200: Ok(DepartmentList) } } },
    async (req) => ok(await opts.members.departments(workSpaceOf(req))),
  );
}

// /api/qw/member/group/* (成员分组): workspace-scoped (X-Work-Id). Every member picker reads the groups
// (find: the pickers' permissions); changing them is the staff page's 'staff.group'.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  MemberGroup,
  MemberGroupAddBody,
  MemberGroupFindBody,
  MemberGroupIdBody,
  MemberGroupList,
  MemberGroupRemoveBody,
  MemberGroupUpdateBody,
} from '@scrm/contracts/member-group';
import { ok } from '../../http/envelope.js';
import type { Api } from '../../http/types.js';
import { workSpaceOf } from '../../workspace/workspace.hook.js';
import { PICKER_PERMISSIONS } from '../member.routes.js';
import type { MemberGroupService } from './member-group.service.js';

export async function memberGroupRoutes(app: Api, opts: { memberGroups: MemberGroupService }) {
  const tags = ['成员分组'];
  const security = [{ bearer: [] }];
  const view = { permission: PICKER_PERMISSIONS, workSpace: true };
  const manage = { permission: 'staff.group', workSpace: true };
  const groups = opts.memberGroups;

  app.post(
    '/member/group/find',
    { config: view, schema: { tags, security, summary: '成员分组（含成员与人数，可按名称搜索）', body: Type.Optional(MemberGroupFindBody), response: { 200: Ok(MemberGroupList) } } },
    async (req) => ok(await groups.find(workSpaceOf(req), req.body?.keyword)),
  );
  app.post(
    '/member/group/add',
    { config: manage, schema: { tags, security, summary: '新建成员分组', body: MemberGroupAddBody, response: { 200: Ok(MemberGroup) } } },
    async (req) => ok(await groups.add(workSpaceOf(req), req.body)),
  );
  app.post(
    '/member/group/update',
    { config: manage, schema: { tags, security, summary: '重命名成员分组或设置其成员', body: MemberGroupUpdateBody, response: { 200: Ok(MemberGroup) } } },
    async (req) => ok(await groups.update(workSpaceOf(req), req.body)),
  );
  app.post(
    '/member/group/delete',
    { config: manage, schema: { tags, security, summary: '删除成员分组（成员不受影响）', body: MemberGroupIdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await groups.delete(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );
  app.post(
    '/member/group/remove',
    { config: manage, schema: { tags, security, summary: '将成员移出分组', body: MemberGroupRemoveBody, response: { 200: Ok(MemberGroup) } } },
    async (req) => ok(await groups.remove(workSpaceOf(req), req.body.id, req.body.userids)),
  );
}

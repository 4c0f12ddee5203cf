// /api/qw/lxw/* (渠道活码) and /api/qw/lxw/group/* (their groups): workspace-scoped (X-Work-Id),
// permission 'channel-qrcode' to read, 'channel-qrcode.manage' to change.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  ChannelCode,
  ChannelCodeInput,
  ChannelCodeList,
  ChannelCodeListBody,
  ChannelCodeUpdateBody,
  CodeGroup,
  CodeGroupAddBody,
  CodeGroupFindBody,
  CodeGroupList,
  CodeGroupMoveBody,
  CodeGroupUpdateBody,
  CodeMemberList,
  IdBody,
  MemberStateBody,
} from '@scrm/contracts/contact-way';
import { callerOf } from '../../auth/auth.hook.js';
import { ok } from '../../http/envelope.js';
import type { Api } from '../../http/types.js';
import { workSpaceOf } from '../../workspace/workspace.hook.js';
import type { ChannelCodeService } from './channel-code.service.js';
import type { CodeFiguresService } from '../figures/code-figures.service.js';
import { registerCodeFigures } from '../figures/code-figures.routes.js';

export async function channelCodeRoutes(
  app: Api,
  opts: { channels: ChannelCodeService; figures: CodeFiguresService },
) {
  const tags = ['渠道活码'];
  const security = [{ bearer: [] }];
  const config = { permission: 'channel-qrcode', workSpace: true };
  const manage = { permission: 'channel-qrcode.manage', workSpace: true };
  const { channels } = opts;

  app.post(
    '/lxw/list',
    { config: { ...config, keep: true }, schema: { tags, security, summary: '渠道活码列表：成员在线情况、今日与累计添加', body: ChannelCodeListBody, response: { 200: Ok(ChannelCodeList) } } },
    async (req) => ok(await channels.list(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/lxw/add',
    { config: manage, schema: { tags, security, summary: '新建渠道活码（在企业微信创建联系我二维码）', body: ChannelCodeInput, response: { 200: Ok(ChannelCode) } } },
    async (req) => ok(await channels.add(workSpaceOf(req), callerOf(req), req.body)),
  );
  app.post(
    '/lxw/update',
    { config: manage, schema: { tags, security, summary: '修改渠道活码（二维码不变）', body: ChannelCodeUpdateBody, response: { 200: Ok(ChannelCode) } } },
    async (req) => ok(await channels.update(workSpaceOf(req), req.body)),
  );
  app.post(
    '/lxw/info',
    { config, schema: { tags, security, summary: '渠道活码详情', body: IdBody, response: { 200: Ok(ChannelCode) } } },
    async (req) => ok(await channels.info(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/lxw/del',
    { config: manage, schema: { tags, security, summary: '删除渠道活码（企业微信的二维码随之失效，历史数据保留）', body: IdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await channels.delete(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );
  app.post(
    '/lxw/member/list',
    { config, schema: { tags, security, summary: '活码成员：接待状态、今日添加与上限', body: IdBody, response: { 200: Ok(CodeMemberList) } } },
    async (req) => ok(await channels.members(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/lxw/member/state/update',
    { config: manage, schema: { tags, security, summary: '成员在此活码上线或下线', body: MemberStateBody, response: { 200: Ok(CodeMemberList) } } },
    async (req) => ok(await channels.setMemberState(workSpaceOf(req), req.body)),
  );

  registerCodeFigures(app, {
    prefix: '/lxw',
    kind: 'channel',
    permission: 'channel-qrcode',
    tags,
    notFound: '渠道活码不存在',
    figures: opts.figures,
  });

  app.post(
    '/lxw/group/find',
    { config, schema: { tags, security, summary: '活码分组（含每组活码数）', body: Type.Optional(CodeGroupFindBody), response: { 200: Ok(CodeGroupList) } } },
    async (req) => ok(await channels.groups(workSpaceOf(req), req.body?.keyword)),
  );
  app.post(
    '/lxw/group/info',
    { config, schema: { tags, security, summary: '分组详情', body: IdBody, response: { 200: Ok(CodeGroup) } } },
    async (req) => ok(await channels.groupInfo(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/lxw/group/add',
    { config: manage, schema: { tags, security, summary: '新建分组', body: CodeGroupAddBody, response: { 200: Ok(CodeGroup) } } },
    async (req) => ok(await channels.addGroup(workSpaceOf(req), req.body.name)),
  );
  app.post(
    '/lxw/group/update',
    { config: manage, schema: { tags, security, summary: '重命名分组', body: CodeGroupUpdateBody, response: { 200: Ok(CodeGroup) } } },
    async (req) => ok(await channels.renameGroup(workSpaceOf(req), req.body.id, req.body.name)),
  );
  app.post(
    '/lxw/group/delete',
    { config: manage, schema: { tags, security, summary: '删除分组（其中的活码移到未分组）', body: IdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await channels.deleteGroup(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );
  app.post(
    '/lxw/group/remove',
    { config: manage, schema: { tags, security, summary: '移动活码到分组（groupId 为 null 移出分组）', body: CodeGroupMoveBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await channels.moveToGroup(workSpaceOf(req), req.body.ids, req.body.groupId);
      return ok(null);
    },
  );
}

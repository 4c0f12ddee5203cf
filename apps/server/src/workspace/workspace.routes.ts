// /api/qw/*: the caller's connected WeCom corps (work spaces): connect, manage, status, sync, authorisation flows.
import { Type } from 'typebox';
import { PageBody } from '@scrm/contracts/account';
import { Ok } from '@scrm/contracts/api';
import { WorkSpaceList } from '@scrm/contracts/workspace';
import {
  AuthResult,
  AuthUrl,
  IdBody,
  IpList,
  QwAddBody,
  QwUpdateBody,
  StateBody,
  ThirdCallbackBody,
  WorkSpaceGuest,
  WorkSpaceInfo,
} from '@scrm/contracts/qw';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { WecomAuthService } from '../wecom/wecom-auth.service.js';
import type { WorkSpaceService } from './workspace.service.js';

const tags = ['企业账号'];
const security = [{ bearer: [] }];
const main = { mainOnly: true, workSpace: false };
// The list and the guest view serve child accounts too (the work-space switcher).
const account = { anyAccount: true, workSpace: false };

export async function workSpaceRoutes(app: Api, opts: { workSpaces: WorkSpaceService; auth: WecomAuthService }) {
  const ws = opts.workSpaces;

  app.post(
    '/list',
    { config: account, schema: { tags, security, summary: '已接入的企业微信（工作空间）列表', body: PageBody, response: { 200: Ok(WorkSpaceList) } } },
    async (req) => ok(await ws.list(callerOf(req), req.body?.page, req.body?.pageSize)),
  );

  app.post(
    '/add',
    { config: main, schema: { tags, security, summary: '接入企业微信（自建应用 / 直连）：校验 Secret 后保存并开始同步', body: QwAddBody, response: { 200: Ok(WorkSpaceInfo) } } },
    async (req) => ok(await ws.add(callerOf(req), req.body)),
  );

  app.post(
    '/update',
    { config: main, schema: { tags, security, summary: '修改企业名称、AgentId 或 Secret', body: QwUpdateBody, response: { 200: Ok(WorkSpaceInfo) } } },
    async (req) => ok(await ws.update(callerOf(req), req.body)),
  );

  app.post(
    '/delete',
    { config: main, schema: { tags, security, summary: '删除企业（连同已同步的数据）', body: IdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await ws.delete(callerOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/info',
    { config: main, schema: { tags, security, summary: '企业详情：回调地址、Token、EncodingAESKey、状态与同步进度（不含 Secret）', body: IdBody, response: { 200: Ok(WorkSpaceInfo) } } },
    async (req) => ok(await ws.info(callerOf(req), req.body.id)),
  );

  app.post(
    '/get/guest',
    { config: account, schema: { tags, security, summary: '子账号可见的企业信息（id、名称、接入方式）', body: IdBody, response: { 200: Ok(WorkSpaceGuest) } } },
    async (req) => ok(await ws.guest(callerOf(req), req.body.id)),
  );

  app.post(
    '/sync',
    { config: main, schema: { tags, security, summary: '立即全量同步（部门、成员、标签、客户群、客户）', body: IdBody, response: { 200: Ok(WorkSpaceInfo) } } },
    async (req) => ok(await ws.startSync(callerOf(req), req.body.id)),
  );

  app.post(
    '/status/check/replace',
    { config: main, schema: { tags, security, summary: '检测连接：接口凭证、回调验证、客户联系权限', body: IdBody, response: { 200: Ok(WorkSpaceInfo) } } },
    async (req) => ok(await ws.checkStatus(callerOf(req), req.body.id)),
  );

  app.post(
    '/replace/auth/url',
    { config: main, schema: { tags, security, summary: '代开发应用授权链接（state 绑定当前账号）', response: { 200: Ok(AuthUrl) } } },
    async (req) => ok(await opts.auth.replaceAuthUrl(callerOf(req))),
  );

  app.post(
    '/replace/auth/result',
    { config: main, schema: { tags, security, summary: '代开发授权结果（轮询）', body: StateBody, response: { 200: Ok(AuthResult) } } },
    async (req) => ok(await opts.auth.authResult(callerOf(req), req.body.state)),
  );

  app.post(
    '/third/auth/preCode',
    { config: main, schema: { tags, security, summary: '第三方应用预授权码与安装链接', response: { 200: Ok(AuthUrl) } } },
    async (req) => ok(await opts.auth.thirdPreCode(callerOf(req))),
  );

  app.post(
    '/third/auth/callback',
    { config: main, schema: { tags, security, summary: '第三方应用授权回调：换取永久授权码并接入企业', body: ThirdCallbackBody, response: { 200: Ok(WorkSpaceInfo) } } },
    async (req) => ok(await opts.auth.thirdCallback(callerOf(req), req.body.auth_code, req.body.state)),
  );
}

/** /api/account/ip/list — the server's egress IPs to whitelist in WeCom's trusted-IP setting. */
export async function ipListRoutes(app: Api, opts: { workSpaces: WorkSpaceService }) {
  app.post(
    '/ip/list',
    { config: account, schema: { tags: ['账号'], security, summary: '服务器出口 IP（企业微信可信 IP）', response: { 200: Ok(IpList) } } },
    async () => ok({ list: opts.workSpaces.trustedIps() }),
  );
}

// /api/account/*: thin routes over AccountService (child accounts and roles: child/child.routes.ts).
import { Type } from 'typebox';
import {
  CodeSendBody,
  CodeSendData,
  CreateBody,
  CreateScanBody,
  CurrentUser,
  DebugLoginBody,
  LoginBody,
  PermissionDetail,
  QrCodeData,
  QrPollBody,
  QrPollData,
  TokenData,
  UpdateAccountBody,
  UpdatePasswordBody,
} from '@scrm/contracts/account';
import { Ok } from '@scrm/contracts/api';
import { callerOf, clientOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { AccountService } from './account.service.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  /** Per IP and minute, on each public call. */
  rateLimitPerMinute: number;
}

const tags = ['账号'];
const secured = [{ bearer: [] }];
const NullData = Type.Null();
const account = { anyAccount: true, workSpace: false };
const main = { mainOnly: true, workSpace: false };

export async function accountRoutes(app: Api, opts: AccountRoutesOptions) {
  const { accounts } = opts;
  const open = { public: true, rateLimit: { max: opts.rateLimitPerMinute, timeWindow: 60_000 } };

  app.post(
    '/code/send',
    { config: open, schema: { tags, summary: '发送短信验证码', body: CodeSendBody, response: { 200: Ok(CodeSendData) } } },
    async (req) => ok(await accounts.sendCode(req.body.phone, req.ip)),
  );

  app.post(
    '/create',
    { config: open, schema: { tags, summary: '手机号注册主账号', body: CreateBody, response: { 200: Ok(TokenData) } } },
    async (req) => ok({ token: await accounts.register(req.body, clientOf(req)) }),
  );

  app.post(
    '/create/scan',
    {
      config: open,
      schema: { tags, summary: '扫码后绑定手机号（注册或绑定微信）', body: CreateScanBody, response: { 200: Ok(TokenData) } },
    },
    async (req) => ok({ token: await accounts.registerByScan(req.body, clientOf(req)) }),
  );

  app.post(
    '/login',
    {
      config: open,
      schema: {
        tags,
        summary: '登录（账号密码或手机验证码）',
        description: '填了 password 为密码登录（phone 填账号名或手机号），填了 code 为验证码登录。',
        body: LoginBody,
        response: { 200: Ok(TokenData) },
      },
    },
    async (req) => ok({ token: await accounts.login(req.body, clientOf(req)) }),
  );

  app.post(
    '/login/gzh/code',
    { config: open, schema: { tags, summary: '获取公众号扫码登录二维码', response: { 200: Ok(QrCodeData) } } },
    async () => ok(await accounts.createLoginQr()),
  );

  app.post(
    '/login/callback',
    {
      config: open,
      schema: {
        tags,
        summary: '轮询扫码登录结果',
        description: '未扫码时 token 为 null；未注册的微信扫码返回 400 与 code 10006。',
        body: QrPollBody,
        response: { 200: Ok(QrPollData) },
      },
    },
    async (req) => ok(await accounts.pollLoginQr(req.body.code, clientOf(req))),
  );

  app.post(
    '/login/debug',
    {
      config: open,
      schema: { tags, summary: '调试登录（需配置 DEBUG_LOGIN_CODE）', body: DebugLoginBody, response: { 200: Ok(TokenData) } },
    },
    async (req) => ok({ token: await accounts.debugLogin(req.body.id, req.body.code, clientOf(req)) }),
  );

  app.post(
    '/info',
    { config: account, schema: { tags, summary: '当前账号信息', security: secured, response: { 200: Ok(CurrentUser) } } },
    async (req) => ok(accounts.info(callerOf(req))),
  );

  app.post(
    '/permission/detail',
    { config: account, schema: { tags, summary: '当前账号的菜单权限', security: secured, response: { 200: Ok(PermissionDetail) } } },
    async (req) => ok(accounts.permissionDetail(callerOf(req))),
  );

  app.post(
    '/update/account',
    {
      config: account,
      schema: { tags, summary: '修改账号名或昵称', security: secured, body: UpdateAccountBody, response: { 200: Ok(CurrentUser) } },
    },
    async (req) => ok(await accounts.updateAccount(callerOf(req), req.body)),
  );

  app.post(
    '/update/password',
    {
      config: account,
      schema: {
        tags,
        summary: '修改密码（其他登录会话随之失效）',
        security: secured,
        body: UpdatePasswordBody,
        response: { 200: Ok(NullData) },
      },
    },
    async (req) => {
      await accounts.updatePassword(callerOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/bind/gzh/code',
    {
      config: main,
      schema: { tags, summary: '获取绑定公众号二维码', security: secured, response: { 200: Ok(QrCodeData) } },
    },
    async (req) => ok(await accounts.createBindQr(callerOf(req))),
  );

  app.post(
    '/bind/gzh/code/change',
    {
      config: main,
      schema: { tags, summary: '轮询绑定公众号结果', security: secured, body: QrPollBody, response: { 200: Ok(QrPollData) } },
    },
    async (req) => ok(await accounts.pollBindQr(callerOf(req), req.body.code, clientOf(req))),
  );

  app.post(
    '/logout',
    { config: account, schema: { tags, summary: '退出登录', security: secured, response: { 200: Ok(NullData) } } },
    async (req) => {
      await accounts.logout(callerOf(req));
      return ok(null);
    },
  );
}

// /api/account/* of the user centre (/user/setting): the phone change and the login sessions. Thin routes
// over UserCentreService; every one is the caller's own, child accounts included.
import { Type } from 'typebox';
import { CurrentUser } from '@scrm/contracts/account';
import { Ok } from '@scrm/contracts/api';
import { LoginSessionList, RevokeOthersData, SessionRevokeBody, UpdatePhoneBody } from '@scrm/contracts/user-centre';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { UserCentreService } from './user-centre.service.js';

export interface UserCentreRoutesOptions {
  userCentre: UserCentreService;
}

const tags = ['用户中心'];
const security = [{ bearer: [] }];
const own = { anyAccount: true, workSpace: false };

export async function userCentreRoutes(app: Api, opts: UserCentreRoutesOptions) {
  const { userCentre } = opts;

  app.post(
    '/update/phone',
    {
      config: own,
      schema: {
        tags,
        summary: '更换手机号',
        description: 'code 为发送到新手机号的验证码（/api/account/code/send）；账号设置过密码时需填当前密码。账号名仍为旧手机号时随之改为新手机号。',
        security,
        body: UpdatePhoneBody,
        response: { 200: Ok(CurrentUser) },
      },
    },
    async (req) => ok(await userCentre.updatePhone(callerOf(req), req.body)),
  );

  app.post(
    '/session/list',
    { config: own, schema: { tags, summary: '登录设备列表（未退出、未过期的会话）', security, response: { 200: Ok(LoginSessionList) } } },
    async (req) => ok({ list: await userCentre.sessions(callerOf(req)) }),
  );

  app.post(
    '/session/revoke',
    {
      config: own,
      schema: { tags, summary: '退出该设备', description: '只能退出本账号的其他会话；当前设备请用退出登录。', security, body: SessionRevokeBody, response: { 200: Ok(Type.Null()) } },
    },
    async (req) => {
      await userCentre.revokeSession(callerOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/session/revoke/others',
    { config: own, schema: { tags, summary: '退出其他设备', security, response: { 200: Ok(RevokeOthersData) } } },
    async (req) => ok(await userCentre.revokeOtherSessions(callerOf(req))),
  );
}

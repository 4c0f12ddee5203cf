// Schemas of the user centre (/user/setting: phone change, login sessions) and of the general calls
// (/api/cookie/update, /api/get_access_token and the sister platforms' exchange of its token).
import { Type, type Static } from 'typebox';

/** Changes the caller's phone: the SMS code sent to the NEW number; the current password when the account has one. */
export const UpdatePhoneBody = Type.Object({
  phone: Type.String({ maxLength: 64 }),
  code: Type.String({ maxLength: 16 }),
  password: Type.Optional(Type.String({ maxLength: 64, description: '当前密码（账号设置过密码时必填）' })),
});
export type UpdatePhoneBody = Static<typeof UpdatePhoneBody>;

/** One live login session of the caller. `id` is an opaque handle (never the token or its hash). */
export const LoginSession = Type.Object({
  id: Type.String(),
  device: Type.String({ description: '由 User-Agent 推断的设备，如「Chrome 120 · Windows」' }),
  userAgent: Type.String(),
  ip: Type.String({ description: '登录时的 IP' }),
  createdAt: Type.Integer({ description: '登录时间（毫秒）' }),
  lastSeenAt: Type.Integer({ description: '最近活动时间（毫秒，至多每分钟更新一次）' }),
  current: Type.Boolean({ description: '是否为本次请求所用的会话' }),
});
export type LoginSession = Static<typeof LoginSession>;
export const LoginSessionList = Type.Object({ list: Type.Array(LoginSession) });
export type LoginSessionList = Static<typeof LoginSessionList>;

export const SessionRevokeBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const RevokeOthersData = Type.Object({ count: Type.Integer({ description: '退出的其他会话数' }) });
export type RevokeOthersData = Static<typeof RevokeOthersData>;

/** GET /api/get_access_token?app=<sister app id>. */
export const AccessTokenQuery = Type.Object({ app: Type.String({ minLength: 1, maxLength: 64, description: '姐妹平台的 id（SISTER_APPS）' }) });
export const AccessTokenData = Type.Object({
  accessToken: Type.String(),
  expiresIn: Type.Integer({ description: '有效期（秒）' }),
  app: Type.String(),
  url: Type.String({ description: '姐妹平台地址；令牌放在 # 之后（access_token=…），不进入对方的访问日志' }),
});
export type AccessTokenData = Static<typeof AccessTokenData>;

/** The sister platform's server exchanges a token once (its secret, when configured, as the bearer). */
export const AccessTokenExchangeBody = Type.Object({
  accessToken: Type.String({ minLength: 1, maxLength: 128 }),
  app: Type.String({ minLength: 1, maxLength: 64 }),
});
export const AccessTokenIdentity = Type.Object({
  app: Type.String(),
  accountId: Type.Integer(),
  mainAccountId: Type.Integer({ description: '主账号 id（子账号为其主账号，主账号为自身）' }),
  isChild: Type.Boolean(),
  account: Type.String(),
  nickname: Type.String(),
});
export type AccessTokenIdentity = Static<typeof AccessTokenIdentity>;

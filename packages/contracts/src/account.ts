// Schemas of the account and login calls (spec §7 "Account and login").
// Field names follow the spec; messages follow spec §5 in Chinese.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';

const Phone = Type.String({ maxLength: 64 });
const Code = Type.String({ maxLength: 16 });
const Password = Type.String({ maxLength: 64 });

export const Msg = {
  accountEmpty: '账号不能为空',
  passwordEmpty: '密码不能为空',
  phoneEmpty: '手机号不能为空',
  codeEmpty: '验证码不能为空',
  phoneFormat: '手机号格式错误',
  smsSent: '验证码已发送，请注意查收手机短信',
  registered: '注册成功，即将跳转',
} as const;

export const CodeSendBody = Type.Object({ phone: Phone });
export const CodeSendData = Type.Object({ cooldown: Type.Integer({ description: '再次发送前需等待的秒数' }) });

export const CreateBody = Type.Object({ phone: Phone, code: Code, password: Password });
export const CreateScanBody = Type.Object({ phone: Phone, code: Code, wxCode: Type.String({ maxLength: 128 }) });

/** Password login sends `phone` (account name or phone) and `password`; SMS login sends `phone` and `code`. */
export const LoginBody = Type.Object({
  phone: Phone,
  password: Type.Optional(Password),
  code: Type.Optional(Code),
});
export const TokenData = Type.Object({ token: Type.String() });

export const QrCodeData = Type.Object({
  code: Type.String({ description: '扫码场景值，轮询时回传' }),
  url: Type.String({ description: '二维码内容' }),
  expiresIn: Type.Integer({ description: '有效期（毫秒）' }),
});
export const QrPollBody = Type.Object({ code: Type.String({ maxLength: 128 }) });
/** While nobody has scanned, `token` is null; a scan by an unregistered WeChat user fails with 10006. */
export const QrPollData = Type.Object({ token: Type.Union([Type.String(), Type.Null()]) });

export const DebugLoginBody = Type.Object({ id: Id, code: Type.String({ maxLength: 256 }) });

export const CurrentUser = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  nickname: Type.String(),
  phone: Type.String(),
  isBindGzh: Type.Boolean(),
  isChild: Type.Boolean(),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const PermissionEntry = Type.Object({
  key: Type.String(),
  open: Type.Boolean(),
  children: Type.Array(Type.Object({ key: Type.String(), open: Type.Boolean() })),
});
export type PermissionEntry = Static<typeof PermissionEntry>;
export const PermissionDetail = Type.Array(PermissionEntry);

export const UpdateAccountBody = Type.Object({
  account: Type.Optional(Type.String({ maxLength: 32 })),
  nickname: Type.Optional(Type.String({ maxLength: 32 })),
});
export const UpdatePasswordBody = Type.Object({ oldPassword: Password, password: Password });

export const IdBody = Type.Object({ id: Id });
export const PageBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export type TokenData = Static<typeof TokenData>;
export type QrCodeData = Static<typeof QrCodeData>;
export type QrPollData = Static<typeof QrPollData>;
export type LoginBody = Static<typeof LoginBody>;
export type CreateBody = Static<typeof CreateBody>;
export type CreateScanBody = Static<typeof CreateScanBody>;

/** Validates a phone as spec §5 asks for register and bind-phone: required, exactly 11 characters. */
export function phoneError(phone: string | undefined): string | null {
  if (!phone) return Msg.phoneEmpty;
  if (phone.length !== 11) return Msg.phoneFormat;
  return null;
}

// WeCom's error answers: HTTP 200, errcode and an errmsg shaped like the real one.
import { randomBytes } from 'node:crypto';

export class WecomErr extends Error {
  constructor(
    readonly errcode: number,
    readonly msg: string,
  ) {
    super(msg);
  }
}

export const fail = (errcode: number, msg: string): never => {
  throw new WecomErr(errcode, msg);
};

/** `"<msg>, hint: [...], from ip: ..., more info at https://open.work.weixin.qq.com/devtool/query?e=CODE"` */
export function errmsg(errcode: number, msg: string, ip: string): string {
  const hint = `${Math.floor(Date.now() / 1000)}-${randomBytes(4).toString('hex')}-${randomBytes(3).toString('hex')}`;
  return `${msg}, hint: [${hint}], from ip: ${ip}, more info at https://open.work.weixin.qq.com/devtool/query?e=${errcode}`;
}

export const MSG = {
  busy: 'system busy',
  freq: 'api freq out of limit',
  invalidToken: 'invalid access_token',
  expiredToken: 'access_token expired',
  missingToken: 'access_token missing',
  invalidSuiteToken: 'invalid suite_acccess_token or provider_access_token',
  expiredSuiteToken: 'suite_access_token expired',
  param: (what: string) => `invalid parameter: ${what}`,
} as const;

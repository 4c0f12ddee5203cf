// SMS verification codes: sending with cooldown and caps, checking with a try limit.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SMS_CODE_TTL_MS, SMS_COOLDOWN_SECONDS } from '@scrm/contracts/constants';
import type { DB } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import { safeEqual, sha256Hex } from '../auth/tokens.js';
import type { SmsSender } from '../outbound/sms.js';
import type { SmsCodeRepository } from './sms-code.repository.js';

/** Tries (right or wrong) after which a code is burnt. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const smsCodeContent = (code: string) => `【企微SCRM】您的验证码为${code}，5分钟内有效，请勿泄露给他人。`;

/**
 * A code is bound to what it was sent for: the console's login (no scope) or the distributors' portal
 * (`distributor`), so a code sent for one never opens the other.
 */
export type SmsScope = '' | 'distributor';
const hashCode = (phone: string, code: string, scope: SmsScope = '') => sha256Hex(scope ? `${scope}:${phone}:${code}` : `${phone}:${code}`);
const wrongCode = () => new AppError(400, '验证码错误或已过期');
const burntCode = () => new AppError(400, '验证码错误次数过多，请重新获取');

export interface SmsLimits {
  smsPerPhonePerDay: number;
  smsPerIpPerHour: number;
}

/** A code that matched, to be consumed inside the transaction that acts on it. */
export interface CheckedCode {
  id: number;
}

export class SmsCodeService {
  constructor(
    private readonly codes: SmsCodeRepository,
    private readonly sms: SmsSender,
    private readonly limits: SmsLimits,
  ) {}

  async send(phone: string, ip: string, scope: SmsScope = ''): Promise<{ cooldown: number }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = await this.codes.lockedForPhone(phone, async (codes) => {
      const now = Date.now();
      const last = await codes.latestCreatedAt(phone);
      if (last !== undefined && now - last < SMS_COOLDOWN_SECONDS * 1000) {
        const wait = Math.ceil((SMS_COOLDOWN_SECONDS * 1000 - (now - last)) / 1000);
        throw new AppError(429, `发送过于频繁，请${wait}秒后再试`);
      }
      if ((await codes.countByPhoneSince(phone, now - DAY_MS)) >= this.limits.smsPerPhonePerDay) {
        throw new AppError(429, '该手机号今日获取验证码次数已达上限，请明天再试');
      }
      if ((await codes.countByIpSince(ip, now - HOUR_MS)) >= this.limits.smsPerIpPerHour) {
        throw new AppError(429, '当前网络获取验证码过于频繁，请1小时后再试');
      }
      return codes.insert({
        phone,
        code_hash: hashCode(phone, code, scope),
        created_at: now,
        expires_at: now + SMS_CODE_TTL_MS,
        ip: ip.slice(0, 64),
      });
    });
    try {
      await this.sms.send(phone, smsCodeContent(code));
    } catch (err) {
      await this.codes.delete(id);
      throw err;
    }
    return { cooldown: SMS_COOLDOWN_SECONDS };
  }

  /**
   * Checks a code without using it up. Every try is counted before the comparison, in one
   * statement (and kept even when the caller's later work fails), so however many tries run in
   * parallel at most SMS_CODE_MAX_ATTEMPTS of them are compared; after that the code is burnt.
   */
  async check(phone: string, code: string, scope: SmsScope = ''): Promise<CheckedCode> {
    const row = await this.codes.findLive(phone, Date.now());
    if (!row) throw wrongCode();
    if (!(await this.codes.takeAttempt(row.id, SMS_CODE_MAX_ATTEMPTS))) throw burntCode();
    if (!safeEqual(row.code_hash, hashCode(phone, code, scope))) throw wrongCode();
    return { id: row.id };
  }

  /** Uses up a checked code, inside the caller's transaction. */
  async consume(checked: CheckedCode, db: Kysely<DB>): Promise<void> {
    if (!(await this.codes.consume(checked.id, Date.now(), db))) throw wrongCode();
  }
}

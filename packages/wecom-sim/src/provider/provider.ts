// The one simulated service provider: its credentials, its third-party suite and its 代开发 template,
// suite tickets, pre-auth and auth codes, authorisations, and the interface-licence orders.
import { randomBytes } from 'node:crypto';

export interface ProviderConfig {
  providerCorpId: string;
  providerSecret: string;
  suiteId: string;
  suiteSecret: string;
  suiteToken: string;
  suiteAesKey: string;
  templateId: string;
  templateSecret: string;
  templateToken: string;
  templateAesKey: string;
  suiteCallbackUrl: string;
  templateCallbackUrl: string;
}

export const PROVIDER_DEFAULTS: ProviderConfig = {
  providerCorpId: 'wwsimprovider00001',
  providerSecret: 'sim-provider-secret-0000000000000000000000',
  suiteId: 'wwsimsuite0000001',
  suiteSecret: 'sim-suite-secret-000000000000000000000000000',
  suiteToken: 'simSuiteToken',
  suiteAesKey: 'c2ltU3VpdGVBZXNLZXkwMDAwMDAwMDAwMDAwMDAwMDA',
  templateId: 'dksimtemplate0000001',
  templateSecret: 'sim-template-secret-00000000000000000000000',
  templateToken: 'simTemplateToken',
  templateAesKey: 'c2ltVGVtcGxhdGVBZXNLZXkwMDAwMDAwMDAwMDAwMDA',
  suiteCallbackUrl: '',
  templateCallbackUrl: '',
};

export interface Authorisation {
  /** The suite id, or the template id for 代开发. */
  suiteId: string;
  corpId: string;
  permanentCode: string;
  customized: boolean;
  agentId: number;
  authUserid: string;
  createdAt: number;
  cancelled: boolean;
}

export interface LicenceOrder {
  order_id: string;
  order_type: number;
  /** 0 待支付, 1 已支付, 2 已取消, 3 未支付已失效 (WeCom's values; refunds are not simulated). */
  order_status: number;
  corpid: string;
  buyer_userid: string;
  price: number;
  account_count: { base_count: number; external_contact_count: number };
  account_duration: { months: number };
  create_time: number;
  pay_time: number;
}

export interface LicenceCode {
  active_code: string;
  order_id: string;
  corpid: string;
  /** 1 base, 2 external contact (互通). */
  type: number;
  /** 1 not bound, 2 bound and valid, 3 expired. */
  status: number;
  userid?: string;
  create_time: number;
  active_time?: number;
  expire_time?: number;
  durationS: number;
  /** An unbound code must be activated by then (WeCom: 365 days after payment), else it expires. */
  bind_deadline: number;
}

/** 1 base, 2 external contact (互通): what the customer-contact calls need. */
export const EXTERNAL_LICENCE = 2;

const TICKET_TTL_MS = 30 * 60_000;
export const PRE_AUTH_TTL_S = 1200;
export const AUTH_CODE_TTL_S = 1200;

export class Provider {
  config: ProviderConfig;
  /** Per suite (or template) id, the tickets pushed, newest last. */
  tickets = new Map<string, Array<{ ticket: string; at: number }>>();
  preAuthCodes = new Map<string, { suiteId: string; expiresAt: number; authType: number; appids: number[] }>();
  authCodes = new Map<string, { suiteId: string; corpId: string; expiresAt: number; used: boolean; customized: boolean; state: string; authUserid: string }>();
  auths: Authorisation[] = [];
  orders: LicenceOrder[] = [];
  codes: LicenceCode[] = [];
  /** Corps whose licence trial is over: their members without an active 互通 account are refused. */
  trialEnded = new Set<string>();

  constructor(config: Partial<ProviderConfig> = {}) {
    this.config = { ...PROVIDER_DEFAULTS, ...config };
  }

  isSuite(id: string) {
    return id === this.config.suiteId || id === this.config.templateId;
  }

  secretOf(suiteId: string) {
    return suiteId === this.config.suiteId ? this.config.suiteSecret : suiteId === this.config.templateId ? this.config.templateSecret : undefined;
  }

  newTicket(suiteId: string, now = Date.now()): string {
    const ticket = randomBytes(32).toString('base64url');
    const list = this.tickets.get(suiteId) ?? [];
    list.push({ ticket, at: now });
    this.tickets.set(suiteId, list.slice(-5));
    return ticket;
  }

  /** 'ok', or why the ticket is refused (only the newest valid ticket is accepted). */
  checkTicket(suiteId: string, ticket: string, now = Date.now()): boolean {
    const newest = this.tickets.get(suiteId)?.at(-1);
    return !!newest && newest.ticket === ticket && now - newest.at < TICKET_TTL_MS;
  }

  newPreAuthCode(suiteId: string, now = Date.now()): string {
    const code = randomBytes(24).toString('base64url');
    this.preAuthCodes.set(code, { suiteId, expiresAt: now + PRE_AUTH_TTL_S * 1000, authType: 0, appids: [] });
    return code;
  }

  newAuthCode(suiteId: string, corpId: string, state: string, authUserid: string, now = Date.now()): string {
    const code = randomBytes(32).toString('base64url');
    this.authCodes.set(code, { suiteId, corpId, expiresAt: now + AUTH_CODE_TTL_S * 1000, used: false, customized: suiteId === this.config.templateId, state, authUserid });
    return code;
  }

  /** Uses an auth code (once) and returns the authorisation, new or renewed. */
  authorise(code: string, agentIdOf: (corpId: string, suiteId: string) => number, now = Date.now()): Authorisation | undefined {
    const a = this.authCodes.get(code);
    if (!a || a.used || a.expiresAt < now) return undefined;
    a.used = true;
    const existing = this.auths.find((x) => x.suiteId === a.suiteId && x.corpId === a.corpId && !x.cancelled);
    if (existing) return existing;
    const auth: Authorisation = {
      suiteId: a.suiteId,
      corpId: a.corpId,
      permanentCode: randomBytes(32).toString('base64url'),
      customized: a.customized,
      agentId: agentIdOf(a.corpId, a.suiteId),
      authUserid: a.authUserid,
      createdAt: now,
      cancelled: false,
    };
    this.auths.push(auth);
    return auth;
  }

  findAuth(suiteId: string, corpId: string, permanentCode: string) {
    return this.auths.find((a) => a.suiteId === suiteId && a.corpId === corpId && a.permanentCode === permanentCode && !a.cancelled);
  }

  authsOf(corpId: string) {
    return this.auths.filter((a) => a.corpId === corpId && !a.cancelled);
  }

  reset() {
    this.tickets.clear();
    this.preAuthCodes.clear();
    this.authCodes.clear();
    this.auths = [];
    this.orders = [];
    this.codes = [];
    this.trialEnded.clear();
  }

  /** Pays an unpaid order: its activation codes appear (one a bought account). 'ok' or why not. */
  payOrder(orderId: string, now = Math.floor(Date.now() / 1000)): 'ok' | 'not-found' | 'not-payable' {
    const order = this.orders.find((o) => o.order_id === orderId);
    if (!order) return 'not-found';
    if (order.order_status !== 0) return 'not-payable';
    order.order_status = 1;
    order.pay_time = now;
    const mk = (type: number): LicenceCode => ({
      active_code: `LC${randomBytes(14).toString('hex').toUpperCase()}`,
      order_id: order.order_id,
      corpid: order.corpid,
      type,
      status: 1,
      create_time: now,
      durationS: order.account_duration.months * 31 * 86_400,
      bind_deadline: now + 365 * 86_400,
    });
    for (let i = 0; i < order.account_count.base_count; i++) this.codes.push(mk(1));
    for (let i = 0; i < order.account_count.external_contact_count; i++) this.codes.push(mk(EXTERNAL_LICENCE));
    return 'ok';
  }

  /** Cancels an unpaid order (WeCom: 已取消). */
  cancelOrder(orderId: string): 'ok' | 'not-found' | 'not-payable' {
    const order = this.orders.find((o) => o.order_id === orderId);
    if (!order) return 'not-found';
    if (order.order_status !== 0) return 'not-payable';
    order.order_status = 2;
    return 'ok';
  }

  /** A code's status now: a bound code past its expiry, or an unbound one past its deadline, is expired (3). */
  refresh(code: LicenceCode, now = Math.floor(Date.now() / 1000)): LicenceCode {
    if (code.status === 2 && code.expire_time && code.expire_time <= now) code.status = 3;
    if (code.status === 1 && code.bind_deadline <= now) code.status = 3;
    return code;
  }

  /** Whether `userid` of a corp authorised through the provider holds an active 互通 account. */
  licensed(corpId: string, userid: string): boolean {
    return this.codes.some((k) => k.corpid === corpId && k.userid === userid && k.type === EXTERNAL_LICENCE && this.refresh(k).status === 2);
  }

  /** Refused by the customer-contact calls: the trial is over and the member holds no 互通 account. */
  unlicensed(corpId: string, userid: string): boolean {
    return this.trialEnded.has(corpId) && !this.licensed(corpId, userid);
  }
}

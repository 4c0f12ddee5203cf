// Everything the WeCom side of the simulator knows: corps, tokens, faults, limits, call counts,
// the provider, and the callback pushes. Corp events go to the corp's own callback and to every
// app the corp has authorised (provider suite: instruction format to the suite callback; 代开发:
// corp format to the template callback).
import type { FastifyBaseLogger } from 'fastify';
import { Deliverer, type Delivery } from '../callbacks/delivery.js';
import { corpEventXml, instructionXml, suiteEventXml, type EventFields } from '../callbacks/events.js';
import { CallCounter, Faults, RateLimiter, type RateLimits, WECOM_RATE_LIMITS } from '../faults/faults.js';
import { Provider, type ProviderConfig } from '../provider/provider.js';
import type { ContactWay, Corp } from './corp.js';
import { liveWays } from './contact-way.routes.js';
import { generateCorp, MAX_SIZE, type CorpSize } from './generate.js';
import { Prng } from './prng.js';
import { TokenStore } from './tokens.js';

export interface WorldOptions {
  log: FastifyBaseLogger;
  /** Per callback attempt (5000, as WeCom). */
  callbackTimeoutMs?: number;
  /** Further attempts when not acknowledged (3, as WeCom). */
  callbackRetries?: number;
  rateLimits?: Partial<RateLimits>;
  provider?: Partial<ProviderConfig>;
  /** Followers per page of externalcontact/get (500, as WeCom). */
  followPageSize?: number;
  /** Validity of welcome codes (20 s, as WeCom). */
  welcomeCodeTtlMs?: number;
  /** Suite-ticket push interval (10 min, as WeCom). */
  ticketIntervalMs?: number;
  /** Base of the contact-way QR URLs (SIM_PUBLIC_URL); by default the address a request came to. */
  publicUrl?: string;
}

export const TICKET_INTERVAL_MS = 10 * 60_000;

export class WecomWorld {
  corps = new Map<string, Corp>();
  tokens = new TokenStore();
  faults = new Faults();
  limiter: RateLimiter;
  calls = new CallCounter();
  provider: Provider;
  deliveries: Deliverer;
  followPageSize: number;
  welcomeCodeTtlMs: number;
  callbackTimeoutMs: number;
  publicUrl?: string;
  /** How far the simulator's clock runs ahead of the real one (control API: /control/clock). */
  clockOffsetMs = 0;
  private ticketTimer?: NodeJS.Timeout;

  constructor(readonly opts: WorldOptions) {
    this.limiter = new RateLimiter({ ...WECOM_RATE_LIMITS, ...opts.rateLimits });
    this.provider = new Provider(opts.provider);
    this.callbackTimeoutMs = opts.callbackTimeoutMs ?? 5000;
    this.deliveries = new Deliverer({ timeoutMs: this.callbackTimeoutMs, retries: opts.callbackRetries ?? 3, faults: this.faults, log: opts.log });
    this.followPageSize = opts.followPageSize ?? 500;
    this.welcomeCodeTtlMs = opts.welcomeCodeTtlMs ?? 20_000;
    this.publicUrl = opts.publicUrl?.replace(/\/+$/, '') || undefined;
  }

  /** The simulator's clock (epoch ms): the real time plus what the control API moved it on by. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** The live contact way with this config_id, in whichever corp has it. */
  findWay(configId: string): { corp: Corp; way: ContactWay } | undefined {
    for (const corp of this.corps.values()) {
      const way = liveWays(corp).find((w) => w.config_id === configId);
      if (way) return { corp, way };
    }
    return undefined;
  }

  createCorp(input: { name?: string; seed?: string; size?: Partial<CorpSize> }): Corp {
    const size: Partial<CorpSize> = {};
    for (const k of Object.keys(MAX_SIZE) as Array<keyof CorpSize>) {
      const v = input.size?.[k];
      if (v !== undefined) size[k] = Math.max(k === 'departments' ? 1 : 0, Math.min(MAX_SIZE[k], Math.floor(v)));
    }
    const seed = input.seed ?? `corp-${this.corps.size + 1}`;
    const corp = generateCorp({ seed, name: input.name, size });
    this.corps.set(corp.corpId, corp);
    return corp;
  }

  /** agentid of a provider app in a corp (stable per corp and suite). */
  agentIdOf(corpId: string, suiteId: string) {
    return 1_000_000 + new Prng(`${corpId}/${suiteId}`).int(1, 999_999);
  }

  /** A corp event, pushed to every receiver the corp has. */
  emit(corp: Corp, event: string, fields: EventFields): Delivery[] {
    const out: Delivery[] = [];
    const name = fields.ChangeType ? `${event}/${fields.ChangeType}` : event;
    if (corp.callback) {
      const cb = corp.callback;
      out.push(
        this.deliveries.push({
          corpId: corp.corpId,
          target: 'corp',
          event: name,
          xml: corpEventXml(corp.corpId, event, fields),
          to: { url: cb.url, token: cb.token, encodingAesKey: cb.encodingAesKey, receiveId: corp.corpId },
        }),
      );
    }
    const p = this.provider.config;
    for (const auth of this.provider.authsOf(corp.corpId)) {
      if (auth.customized && p.templateCallbackUrl) {
        out.push(
          this.deliveries.push({
            corpId: corp.corpId,
            target: 'template',
            event: name,
            xml: corpEventXml(corp.corpId, event, { ...fields, AgentID: auth.agentId }),
            to: { url: p.templateCallbackUrl, token: p.templateToken, encodingAesKey: p.templateAesKey, receiveId: corp.corpId },
          }),
        );
      } else if (!auth.customized && p.suiteCallbackUrl) {
        out.push(
          this.deliveries.push({
            corpId: corp.corpId,
            target: 'suite',
            event: name,
            xml: suiteEventXml(p.suiteId, corp.corpId, event, fields),
            to: { url: p.suiteCallbackUrl, token: p.suiteToken, encodingAesKey: p.suiteAesKey, receiveId: p.suiteId },
          }),
        );
      }
    }
    return out;
  }

  /** An instruction event (suite_ticket, create_auth, …) to the suite's or the template's callback. */
  instruct(which: 'suite' | 'template', infoType: string, fields: EventFields, corpId = ''): Delivery | undefined {
    const p = this.provider.config;
    const [id, url, token, key] =
      which === 'suite' ? [p.suiteId, p.suiteCallbackUrl, p.suiteToken, p.suiteAesKey] : [p.templateId, p.templateCallbackUrl, p.templateToken, p.templateAesKey];
    if (!url) return undefined;
    return this.deliveries.push({
      corpId: corpId || id,
      target: which,
      event: infoType,
      xml: instructionXml(id, infoType, fields),
      to: { url, token, encodingAesKey: key, receiveId: id },
    });
  }

  /** Pushes a fresh suite_ticket to each configured callback. */
  pushTickets() {
    const p = this.provider.config;
    if (p.suiteCallbackUrl) this.instruct('suite', 'suite_ticket', { SuiteTicket: this.provider.newTicket(p.suiteId) });
    if (p.templateCallbackUrl) this.instruct('template', 'suite_ticket', { SuiteTicket: this.provider.newTicket(p.templateId) });
  }

  /** Pushes tickets now and then every interval while a callback is configured. */
  startTickets() {
    this.stopTickets();
    const p = this.provider.config;
    if (!p.suiteCallbackUrl && !p.templateCallbackUrl) return;
    this.pushTickets();
    this.ticketTimer = setInterval(() => this.pushTickets(), this.opts.ticketIntervalMs ?? TICKET_INTERVAL_MS);
    this.ticketTimer.unref();
  }

  stopTickets() {
    if (this.ticketTimer) clearInterval(this.ticketTimer);
    this.ticketTimer = undefined;
  }

  /** Forgets corps, tokens, faults, counts, deliveries and authorisations (provider config stays). */
  reset() {
    this.corps.clear();
    this.tokens.clear();
    this.faults.clear();
    this.limiter.clear();
    this.calls.clear();
    this.deliveries.clear();
    this.provider.reset();
    this.clockOffsetMs = 0;
  }
}

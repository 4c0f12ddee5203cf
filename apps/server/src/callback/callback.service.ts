// WeCom callbacks: verify and decrypt (per work space, or the provider's suite / template), store in
// the inbox with a dedupe key, and — after the 200 went out — apply each event to the synced tables.
import type { CustomerEventService } from '../customer/customer-event.service.js';
import type { FastifyBaseLogger } from 'fastify';
import { WecomCrypto, WecomCryptoError } from '@scrm/wecom/crypto';
import { WecomError } from '@scrm/wecom/errors';
import { eventDedupeKey, parseEventXml, parseXml, type WecomEvent } from '@scrm/wecom/events';
import type { Clock } from '../clock/clock.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/tables.js';
import type { Transaction } from 'kysely';
import { AppError } from '../http/errors.js';
import { PermanentFailure, type JobQueue } from '../jobs/job-queue.js';
import type { SyncService } from '../sync/sync.service.js';
import type { WecomAuthService } from '../wecom/wecom-auth.service.js';
import type { ServiceProviderSettings } from '../wecom/service-provider-settings.js';
import type { WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { WorkSpaceService } from '../workspace/workspace.service.js';
import { GroupCommit, type Outcome } from '../db/group-commit.js';
import type { CallbackEvent, CallbackEventRepository, NewCallbackEvent } from './callback-event.repository.js';
import type { CallbackReplayGuard, ReplayTicket } from './replay-guard.js';

export const CALLBACK_JOB = 'callback';
export const REFRESH_JOB = 'refresh_customer';
export const SWEEP_JOB = 'callback_sweep';

/** REFRESH_JOB's payload: `resweeps` counts the days it was queued again after giving up. */
export interface RefreshPayload {
  externalUserid: string;
  resweeps?: number;
}

/**
 * Re-reads a customer from WeCom in the background: the one way our copy of a customer follows WeCom
 * after an event. One is queued at a time per customer, and it never runs beside another for the same
 * customer, so a read that started before a change can never be written after the read that saw it (two
 * reads side by side could: the older answer arriving last), and a change made while one is reading gets a
 * fresh read after it. A burst of events about one customer makes at most two reads.
 */
export const queueCustomerRefresh = (
  jobs: JobQueue,
  workSpaceId: number,
  externalUserid: string,
  opts: { runAt?: number; resweeps?: number; priority?: number; trx?: Transaction<DB> } = {},
) => {
  const job = refreshJob(workSpaceId, externalUserid, opts.resweeps);
  return jobs.enqueue(REFRESH_JOB, job.payload, { ...job.opts, runAt: opts.runAt, priority: opts.priority, trx: opts.trx });
};
const refreshJob = (workSpaceId: number, externalUserid: string, resweeps?: number) => ({
  payload: { externalUserid, ...(resweeps ? { resweeps } : {}) } satisfies RefreshPayload,
  opts: { workSpaceId, singletonKey: `refresh:${workSpaceId}:${externalUserid}` },
});
/** How long a corp's callback keys are kept between events. */
const CORP_KEYS_KEPT_MS = 1000;
/** How long a callback waits for others to be stored with (group commit), and at most how many go together. */
const INTAKE_WINDOW_MS = 2;
const INTAKE_MAX_BATCH = 200;
/** With this many deliveries being received at once, ordinary jobs step aside (JobQueue.press). */
const PRESSED_AT = 8;

/** A verified request waiting to be stored: its claim against replay and its events (one per work space). */
interface Intake {
  ticket: ReplayTicket;
  events: NewCallbackEvent[];
}

/** An event this old with no job is an orphan (events are stored with their jobs: one from before that, or whose job went). */
const ORPHAN_AFTER_MS = 30_000;
/** An event whose job gave up is queued again this much later (business clock), until it is purged. */
const RESWEEP_AFTER_MS = 86_400_000;
/** A customer's re-read that gave up is queued again a day later (wall clock), this many times. */
const REFRESH_RESWEEPS = 30;

/**
 * Whether trying again later can help: WeCom busy, rate-limited or not answering, or our own side
 * (database, network). WeCom's other answers (no permission, bad secret) and our refusals (no secret
 * configured) stop the job; the daily re-sweep tries once more after an operator may have fixed them.
 */
function transient(err: unknown): boolean {
  if (err instanceof WecomError) return err.unanswered || err.errcode === -1 || err.errcode === 45009 || err.errcode === 45033;
  return !(err instanceof AppError);
}

/** An add_external_contact as the contact event sink is told of it. */
export interface AddedContact {
  userid: string;
  externalUserid: string;
  state: string;
  welcomeCode: string;
  eventId: number;
  receivedAt: number;
  /** WeCom's time of the add (CreateTime, to the second). */
  happenedAt: number;
}

/** A deletion either way: when we received it (the time recorded) and when WeCom says it happened. */
export interface Deletion {
  at: number;
  happenedAt: number;
}

/** What customer acquisition does with contact events: attribution, welcome message, tags, risk. */
export interface ContactEventSink {
  /**
   * An add_external_contact: records it, queues the customer's re-read (queueCustomerRefresh, which puts
   * the code's tags on first: `beforeRead`) and sends the welcome at once.
   */
  added(ws: WorkSpace, e: AddedContact): Promise<void>;
  /**
   * Run by the customer's re-read before it reads: the auto-tags of its adds still waiting go on in WeCom,
   * so the read brings them back. Throws when trying again later can help.
   */
  beforeRead(ws: WorkSpace, externalUserid: string): Promise<void>;
  /** The customer's re-read was given up on: what waited on it (the adds' tags) is marked failed. */
  readGivenUp(wsId: number, externalUserid: string, error: string): Promise<void>;
  memberDeletedCustomer(ws: WorkSpace, externalUserid: string, userid: string, d: Deletion): Promise<void>;
  customerDeletedMember(ws: WorkSpace, externalUserid: string, userid: string, d: Deletion): Promise<void>;
}

/** Told when our copy of a customer or a group was read again from WeCom (auto-tag rules look then). */
export interface CustomerWatcher {
  customerRefreshed(wsId: number, externalUserid: string): Promise<void>;
  groupRefreshed(wsId: number, chatId: string): Promise<void>;
}

/** What 客户群 does with a join or quit (change_external_chat update add_member / del_member). */
export interface GroupEventSink {
  memberChanged(
    ws: WorkSpace,
    change: { callbackEventId: number; chatId: string; kind: 'join' | 'quit'; count: number; scene: number; memberIds: string[]; at: number },
  ): Promise<void>;
}

/** What 客户继承 does with a transfer_fail (the customer refused, or the taker is at their limit). */
export interface TransferEventSink {
  transferFailed(ws: WorkSpace, e: { takeoverUserid: string; externalUserid: string; reason: string; at: number }): Promise<void>;
}

export interface SignedQuery {
  msg_signature?: string;
  timestamp?: string;
  nonce?: string;
  echostr?: string;
}

export type CallbackSource = { kind: 'corp'; workId: number } | { kind: 'suite' } | { kind: 'template' };

/** When WeCom says the event happened (its CreateTime, to the second), else when we received it. */
const eventAt = (row: CallbackEvent, event: WecomEvent) => (event.time ? event.time * 1000 : row.received_at);

const PROVIDER_SCOPE = 0;
const INSTRUCTIONS = new Set(['suite_ticket', 'create_auth', 'change_auth', 'cancel_auth', 'reset_permanent_code']);

function cryptoFailure(err: unknown): AppError {
  if (err instanceof WecomCryptoError) {
    if (err.reason === 'signature') return new AppError(401, '签名校验失败');
    if (err.reason === 'receiveid') return new AppError(400, '消息不属于该企业（receiveid 不匹配）');
    return new AppError(400, '消息解密失败');
  }
  if (err instanceof AppError) return err;
  return new AppError(400, '消息格式错误');
}

const tripleOf = (q: { msg_signature: string; timestamp: string; nonce: string }) =>
  ({ kind: 'wecom', signature: q.msg_signature, timestamp: q.timestamp, nonce: q.nonce }) as const;

function signed(q: SignedQuery, withEcho: boolean) {
  if (!q.msg_signature || !q.timestamp || !q.nonce || (withEcho && !q.echostr)) throw new AppError(401, '签名校验失败');
  return { msg_signature: q.msg_signature, timestamp: q.timestamp, nonce: q.nonce, echostr: q.echostr ?? '' };
}

export class CallbackService {
  constructor(
    private readonly deps: {
      database: Database;
      inbox: CallbackEventRepository;
      /** A signed request is accepted once, within 5 minutes of its timestamp (shared through the database). */
      replay: CallbackReplayGuard;
      workSpaces: WorkSpaceService;
      sync: SyncService;
      gateway: WecomGateway;
      provider: ServiceProviderSettings;
      auth: WecomAuthService;
      jobs: JobQueue;
      clock: Clock;
      contacts: ContactEventSink;
      customerEvents: CustomerEventService;
      groups: GroupEventSink;
      transfers: TransferEventSink;
      watcher?: CustomerWatcher;
      log: FastifyBaseLogger;
    },
  ) {}

  private get replay() {
    return this.deps.replay;
  }

  // ---------------------------------------------------------------- jobs (listed in composition/job-registry.ts)

  /** CALLBACK_JOB: handles a stored event once; a failure WeCom may get over is tried again. */
  async processJob(eventId: number, attempt: number): Promise<void> {
    const { inbox } = this.deps;
    const row = await inbox.find(eventId);
    if (!row || row.processed_at !== null) return;
    try {
      await this.process(row);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await inbox.failed(row.id, attempt, message);
      throw transient(err) ? err : new PermanentFailure(message);
    }
    await inbox.done(row.id);
  }

  /** An event given up on is queued again a day later (by the sweep). */
  async processJobFailed(eventId: number): Promise<void> {
    await this.deps.inbox.retryAt(eventId, this.deps.clock.now() + RESWEEP_AFTER_MS);
  }

  /** REFRESH_JOB: waits out a WeCom outage as the events that queue it would have. */
  async refreshCustomerJob(workSpaceId: number | null, externalUserid: string): Promise<void> {
    const ws = workSpaceId ? await this.deps.workSpaces.find(workSpaceId) : undefined;
    if (!ws) return;
    try {
      await this.deps.contacts.beforeRead(ws, externalUserid);
      await this.deps.sync.refreshCustomer(ws.id, await this.deps.gateway.corp(ws), externalUserid);
    } catch (err) {
      throw transient(err) ? err : new PermanentFailure(err instanceof Error ? err.message : String(err));
    }
    await this.deps.watcher?.customerRefreshed(ws.id, externalUserid);
  }

  /** A re-read given up on (WeCom down for days, or a secret an operator has yet to fix) is queued again a day later. */
  async refreshCustomerJobFailed(workSpaceId: number | null, payload: RefreshPayload, error: string): Promise<void> {
    if (!workSpaceId) return;
    await this.deps.contacts.readGivenUp(workSpaceId, payload.externalUserid, error);
    const resweeps = (payload.resweeps ?? 0) + 1;
    if (resweeps > REFRESH_RESWEEPS) return;
    await queueCustomerRefresh(this.deps.jobs, workSpaceId, payload.externalUserid, { runAt: Date.now() + RESWEEP_AFTER_MS, resweeps });
  }

  /**
   * Events stored but left without a job (a process died in between, or from before the job system)
   * get one, and so do events whose job gave up a day ago.
   */
  async enqueueUnprocessed(): Promise<void> {
    const now = this.deps.clock.now();
    for (const row of await this.deps.inbox.orphans(now - ORPHAN_AFTER_MS, now)) await this.enqueue(row.id, row.work_space_id);
  }

  /** Daily: events received before `before` go (those still waiting for their job stay). */
  purge(before: number): Promise<number> {
    return this.deps.inbox.purge(before);
  }

  private enqueue(eventId: number, workSpaceId: number) {
    return this.deps.jobs.enqueue(CALLBACK_JOB, { eventId }, this.jobOptions(eventId, workSpaceId));
  }

  private jobOptions(eventId: number, workSpaceId: number) {
    return { workSpaceId: workSpaceId === PROVIDER_SCOPE ? null : workSpaceId, singletonKey: `callback:${eventId}` };
  }

  /**
   * The keys of a source. A corp's are kept for a second (a busy callback URL would read its work space
   * per event): an event that does not open with kept keys is tried once more with keys read afresh.
   */
  private async cryptoFor(source: CallbackSource, fresh = false): Promise<{ crypto: WecomCrypto; scope: number; kept: boolean }> {
    if (source.kind === 'corp') {
      const now = Date.now();
      const kept = this.corpKeys.get(source.workId);
      if (!fresh && kept && now - kept.at < CORP_KEYS_KEPT_MS) return { crypto: kept.crypto, scope: kept.scope, kept: true };
      const ws = await this.deps.workSpaces.find(source.workId);
      if (!ws || !ws.corp_id || !ws.callback_token || !ws.callback_aes_key) {
        this.corpKeys.delete(source.workId);
        throw new AppError(404, '企业不存在');
      }
      const crypto = new WecomCrypto({ token: ws.callback_token, encodingAesKey: ws.callback_aes_key, receiveId: ws.corp_id });
      if (this.corpKeys.size >= 1000) this.corpKeys.clear();
      this.corpKeys.set(source.workId, { crypto, scope: ws.id, at: now });
      return { crypto, scope: ws.id, kept: false };
    }
    const p = await this.deps.provider.get();
    const [token, key, id] =
      source.kind === 'suite' ? [p.suiteToken, p.suiteAesKey, p.suiteId] : [p.templateToken, p.templateAesKey, p.templateId];
    if (!token || !key || !id) throw new AppError(404, '未配置该回调');
    return { crypto: new WecomCrypto({ token, encodingAesKey: key, receiveId: id }), scope: PROVIDER_SCOPE, kept: false };
  }

  private readonly corpKeys = new Map<number, { crypto: WecomCrypto; scope: number; at: number }>();

  /** URL verification: the decrypted echostr. */
  async verifyUrl(source: CallbackSource, q: SignedQuery): Promise<string> {
    const { crypto } = await this.cryptoFor(source, true);
    const query = signed(q, true);
    let plain: string;
    try {
      plain = crypto.verifyUrl(query);
    } catch (err) {
      throw cryptoFailure(err);
    }
    return this.replay.once(tripleOf(query), async () => {
      if (source.kind === 'corp') await this.deps.workSpaces.markCallbackVerified(source.workId);
      return plain;
    });
  }

  /** An event POST: verified, decrypted, stored once; processed later. */
  async receive(source: CallbackSource, q: SignedQuery, body: string): Promise<void> {
    // Many deliveries waiting for their answer, or a few while the event loop is busy: the intake goes
    // before ordinary jobs until they ease.
    if (++this.inFlight >= PRESSED_AT) this.deps.jobs.press();
    else this.deps.jobs.pressIfBusy();
    try {
      await this.receiveOne(source, q, body);
    } finally {
      this.inFlight -= 1;
    }
  }

  private inFlight = 0;

  private async receiveOne(source: CallbackSource, q: SignedQuery, body: string): Promise<void> {
    const query = signed(q, false);
    let keys = await this.cryptoFor(source);
    const read = async () => {
      const envelope = parseXml(body);
      const encrypt = envelope.Encrypt;
      if (typeof encrypt !== 'string' || !encrypt) throw new AppError(400, '消息格式错误');
      const xml = await this.open(source, keys.crypto, query, encrypt, envelope.ToUserName);
      return { xml, event: parseEventXml(xml) };
    };
    let opened: { xml: string; event: WecomEvent };
    try {
      opened = await read();
    } catch (err) {
      if (!keys.kept || !(err instanceof WecomCryptoError)) throw cryptoFailure(err);
      // The keys may have changed within the second they were kept.
      keys = await this.cryptoFor(source, true);
      opened = await read().catch((e: unknown) => {
        throw cryptoFailure(e);
      });
    }
    const { xml, event } = opened;
    const scope = keys.scope;
    const ticket = this.replay.ticket(tripleOf(query));
    const dedupeKey = eventDedupeKey(event);
    const receivedAt = this.deps.clock.now();
    // An edit asks only for the customer to be read again: that read is queued with the event, which is
    // stored as applied (no job of its own to claim; `process` would do the same). A duplicate queues the
    // read again (`store`) instead of reopening the event.
    const reread = event.kind === 'edit_external_contact' ? event.ExternalUserID : undefined;
    const events = (await this.scopesOf(source, scope, event)).map((workSpaceId) => {
      const corpEvent = workSpaceId !== PROVIDER_SCOPE;
      return { workSpaceId, dedupeKey, rawXml: xml, receivedAt, refresh: corpEvent && !reread, reread: corpEvent ? reread : undefined };
    });
    await this.intake.submit({ ticket, events });
  }

  /**
   * Concurrent requests are stored together (group commit): their claims against replay, their events
   * and the events' jobs, in one transaction that is on disk before any of them is answered.
   */
  private readonly intake = new GroupCommit<Intake, void>((batch) => this.store(batch), { windowMs: INTAKE_WINDOW_MS, maxBatch: INTAKE_MAX_BATCH });

  private async store(batch: Intake[]): Promise<Array<Outcome<void>>> {
    const { inbox, jobs } = this.deps;
    let urgent = true;
    const outcomes = await inbox.durably(async (trx) => {
      const refused = await this.replay.claimMany(
        batch.map((b) => b.ticket),
        trx,
      );
      const events = batch.flatMap((b, i) => (refused[i] ? [] : b.events));
      const ids = await inbox.insertMany(events, trx);
      const queued = events.flatMap((e, i) => (ids[i] === null || e.reread ? [] : [{ payload: { eventId: ids[i]! }, opts: this.jobOptions(ids[i]!, e.workSpaceId) }]));
      await jobs.enqueueMany(CALLBACK_JOB, queued, trx);
      // A repeated edit is read again too: CreateTime has one-second steps, so it may be a second change.
      const rereads = new Map(events.flatMap((e) => (e.reread ? [[`${e.workSpaceId}:${e.reread}`, refreshJob(e.workSpaceId, e.reread)] as const] : [])));
      if (rereads.size) await jobs.enqueueMany(REFRESH_JOB, [...rereads.values()], trx);
      urgent = queued.length > 0;
      return refused.map((error): Outcome<void> => (error ? { ok: false, error } : { ok: true, value: undefined }));
    });
    // An edit's re-read is ordinary work: a batch of edits alone gives the job queue no urgent work to look for.
    jobs.kick({ urgent });
    return outcomes;
  }

  /**
   * Decrypts an event. The 代开发 template callback also carries the authorised corps' own events,
   * encrypted for that corp's id (named in the envelope's ToUserName): accepted when one of our
   * replace work spaces holds that corp.
   */
  private async open(
    source: CallbackSource,
    crypto: WecomCrypto,
    q: { msg_signature: string; timestamp: string; nonce: string },
    encrypt: string,
    toUserName: unknown,
  ): Promise<string> {
    try {
      return crypto.openEvent(q, encrypt);
    } catch (err) {
      const corpId = typeof toUserName === 'string' ? toUserName : '';
      if (source.kind !== 'template' || !(err instanceof WecomCryptoError) || err.reason !== 'receiveid' || !corpId) throw err;
      if (!(await this.authorizedSpaces('replace', corpId)).length) throw err;
      const p = await this.deps.provider.get();
      return new WecomCrypto({ token: p.templateToken, encodingAesKey: p.templateAesKey, receiveId: corpId }).openEvent(q, encrypt);
    }
  }

  private async authorizedSpaces(accessType: 'third' | 'replace', corpId: string): Promise<number[]> {
    return this.deps.workSpaces.authorizedIds(accessType, corpId);
  }

  /** Where an event is stored: its work space; provider instructions at 0; an authorised corp's events at each of its work spaces. */
  private async scopesOf(source: CallbackSource, scope: number, event: WecomEvent): Promise<number[]> {
    if (source.kind === 'corp' || INSTRUCTIONS.has(event.kind)) return [scope];
    const corpId = event.corpId ?? event.AuthCorpId ?? event.ToUserName ?? '';
    return corpId ? this.authorizedSpaces(source.kind === 'suite' ? 'third' : 'replace', corpId) : [];
  }

  /**
   * Applies one stored event: corp events record what happened and re-read WeCom's current state (safe
   * to repeat; a customer is re-read by its own job, queueCustomerRefresh). Throws to be retried later.
   */
  async process(row: CallbackEvent): Promise<void> {
    const event = parseEventXml(row.raw_xml);
    if (row.work_space_id === PROVIDER_SCOPE) return this.processProvider(event);
    const ws = await this.deps.workSpaces.find(row.work_space_id);
    if (!ws) return;
    const sync = this.deps.sync;
    const api = () => this.deps.gateway.corp(ws);
    const reread = async (externalUserid: string) => {
      await queueCustomerRefresh(this.deps.jobs, ws.id, externalUserid);
    };
    await this.recordCustomerEvent(ws.id, row, event);
    switch (event.kind) {
      case 'add_external_contact':
      case 'add_half_external_contact': {
        const happenedAt = eventAt(row, event);
        await this.deps.contacts.added(ws, {
          userid: event.UserID,
          externalUserid: event.ExternalUserID,
          state: event.State ?? '',
          welcomeCode: event.WelcomeCode ?? '',
          eventId: row.id,
          receivedAt: row.received_at,
          happenedAt,
        });
        // Added again after the customer had deleted the member: the relation is whole again (a re-read
        // leaves the mark as it finds it, so the order of the two does not matter) — unless that deletion
        // happened at or after this add, and WeCom's event of it came first.
        await sync.markDeletedByCustomer(ws.id, event.ExternalUserID, event.UserID, null, happenedAt);
        return;
      }
      case 'edit_external_contact':
        return reread(event.ExternalUserID);
      case 'transfer_fail':
        await this.deps.transfers.transferFailed(ws, {
          takeoverUserid: event.UserID,
          externalUserid: event.ExternalUserID,
          reason: event.FailReason ?? '',
          at: row.received_at,
        });
        return reread(event.ExternalUserID);
      case 'del_external_contact':
        await sync.endFollow(ws.id, event.ExternalUserID, event.UserID, row.received_at);
        await this.deps.contacts.memberDeletedCustomer(ws, event.ExternalUserID, event.UserID, { at: row.received_at, happenedAt: eventAt(row, event) });
        return reread(event.ExternalUserID);
      case 'del_follow_user': {
        // WeCom keeps the relation on the member's side: it stays, marked as deleted by the customer (a
        // re-read leaves the mark). A relation we have no copy of yet is read first, for the mark to go on.
        // The mark stays off when the customer added the member again later and that add came first.
        const happenedAt = eventAt(row, event);
        await this.deps.contacts.customerDeletedMember(ws, event.ExternalUserID, event.UserID, { at: row.received_at, happenedAt });
        if (await sync.markDeletedByCustomer(ws.id, event.ExternalUserID, event.UserID, row.received_at, happenedAt)) return reread(event.ExternalUserID);
        await sync.refreshCustomer(ws.id, await api(), event.ExternalUserID);
        await sync.markDeletedByCustomer(ws.id, event.ExternalUserID, event.UserID, row.received_at, happenedAt);
        return;
      }
      case 'external_chat_update':
        if (event.UpdateDetail === 'add_member' || event.UpdateDetail === 'del_member') {
          const join = event.UpdateDetail === 'add_member';
          await this.deps.groups.memberChanged(ws, {
            callbackEventId: row.id,
            chatId: event.ChatId,
            kind: join ? 'join' : 'quit',
            count: event.MemChangeCnt ?? event.MemChangeList?.length ?? 1,
            scene: (join ? event.JoinScene : event.QuitScene) ?? 0,
            memberIds: event.MemChangeList ?? [],
            at: row.received_at,
          });
        }
        await sync.refreshGroup(ws.id, await api(), event.ChatId);
        return this.deps.watcher?.groupRefreshed(ws.id, event.ChatId);
      case 'external_chat_create':
        return sync.refreshGroup(ws.id, await api(), event.ChatId);
      case 'external_chat_dismiss':
        return sync.deleteGroup(ws.id, event.ChatId);
      case 'external_tag_create':
      case 'external_tag_update':
      case 'external_tag_delete':
      case 'external_tag_shuffle':
        return sync.tagChanged(ws.id, await api(), { changeType: event.ChangeType, id: event.Id, tagType: event.TagType });
      case 'create_user':
      case 'update_user':
      case 'delete_user':
      case 'create_party':
      case 'update_party':
      case 'delete_party':
        // Contacts changes come in bursts (an import, a reorganisation): one sync after them, not one each.
        await sync.queueMemberSync(ws.id);
        return;
      default:
        return;
    }
  }

  /** Adds and deletions either way go on the customer's record once, however often the event is processed. */
  private async recordCustomerEvent(wsId: number, row: CallbackEvent, event: WecomEvent): Promise<void> {
    const kind =
      event.kind === 'add_external_contact' || event.kind === 'add_half_external_contact'
        ? 'add'
        : event.kind === 'del_external_contact'
          ? 'delete_by_member'
          : event.kind === 'del_follow_user'
            ? 'delete_by_customer'
            : null;
    if (!kind || !('ExternalUserID' in event)) return;
    const at = eventAt(row, event);
    const detail = kind === 'add' && 'State' in event && event.State ? { state: event.State } : {};
    await this.deps.customerEvents.record(wsId, [
      { externalUserid: event.ExternalUserID, userid: event.UserID, kind, at, detail, dedupeKey: `cb:${row.id}:${kind}` },
    ]);
  }

  private async processProvider(event: WecomEvent): Promise<void> {
    const p = await this.deps.provider.get();
    switch (event.kind) {
      case 'suite_ticket':
        await this.deps.gateway.saveSuiteTicket(event.SuiteId, event.SuiteTicket);
        return;
      case 'create_auth':
        // Provider (third) installs are finished by the install redirect (/api/qw/third/auth/callback),
        // which spends the one-use auth code; the template's create_auth is the only signal for 代开发.
        if (event.SuiteId === p.templateId) await this.deps.auth.onTemplateCreateAuth(event.AuthCode, event.State);
        return;
      case 'change_auth':
      case 'cancel_auth': {
        const accessType = event.SuiteId === p.templateId ? 'replace' : 'third';
        for (const id of await this.authorizedSpaces(accessType, event.AuthCorpId)) {
          // Cancelled: the permanent code no longer works. Changed: what the app may see changed, so re-sync.
          if (event.kind === 'cancel_auth') await this.deps.workSpaces.markAuthCancelled(id);
          else await this.deps.sync.start(id);
        }
        return;
      }
      case 'reset_permanent_code':
        await this.deps.auth.onResetPermanentCode(event.SuiteId === p.templateId ? 'template' : 'suite', event.AuthCode);
        return;
      default:
        return;
    }
  }
}

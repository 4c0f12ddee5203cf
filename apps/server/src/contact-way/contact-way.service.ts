// The core of every code: validation of what an operator asks for, creating and deleting the WeCom
// contact way, and — for channel codes — deciding who receives the next customers and keeping WeCom's
// user list equal to that (`plan` then `pushUsers`). Channel, staff and one-customer-one-code pages
// all build on this.
import { randomBytes } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { withinSchedule, type WeeklySchedule, scheduleProblem } from '@scrm/contracts/china-time';
import { CODE_OPTIONS_MAX, WELCOME_TEXT_MAX_BYTES, type CodeFindBody, type CodeOptionList, type WelcomeMessage } from '@scrm/contracts/contact-way';
import { RISK_KIND_LABEL, type RiskKind } from '@scrm/contracts/risk';
import type { AddContactWayRequest, CorpApi, MsgAttachment } from '@scrm/wecom/client';
import { WecomError } from '@scrm/wecom/errors';
import type { Clock } from '../clock/clock.js';
import { parseJsonColumn } from '../db/database.js';
import type { ContactWayKind, DB, MemberOfflineTable } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import { PermanentFailure, RetryLater } from '../jobs/job-queue.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import type { CodeQuery, ContactWay, ContactWayMember, ContactWayRepository } from './contact-way.repository.js';

/** What the material library provides to welcome messages (apps/server/src/material). */
export interface AttachmentSource {
  checkAttachments(wsId: number, ids: number[]): Promise<void>;
  attachments(ws: WorkSpace, api: CorpApi, ids: number[]): Promise<MsgAttachment[]>;
}

/**
 * What risk control tells the codes (apps/server/src/risk): who is held offline, and the holds that end
 * with a code. The risk engine learns of codes to recompute through `queueCodeUsers` (a job), so the
 * two are built in one direction.
 */
/** A member held offline by risk control (on one code, or on every code when contact_way_id is 0). */
type MemberOffline = Selectable<MemberOfflineTable>;

export interface MemberAvailability {
  activeByMember(wsId: number, userids: string[]): Promise<Map<string, MemberOffline[]>>;
  releaseCode(wsId: number, contactWayId: number): Promise<void>;
  recheckCodeCaps(wsId: number, code: ContactWay, caps: Map<string, number>, changed: Set<string>): Promise<void>;
}

export const CREATE_JOB = 'contact_way_create';
export const USERS_JOB = 'contact_way_users';
export const WARM_JOB = 'welcome_media_warm';

const STATE_PREFIX = { channel: 'ch', staff: 'st', lead: 'ld' } as const;
/** How long a code whose add_contact_way got no answer waits before its job looks for the way. */
const UNANSWERED_GRACE_MS = 5_000;
/** Beyond WECOM_TIMEOUT_MS, how long a run's mark that it is asking WeCom holds (a wait for the rate limit, a stall). */
const CREATE_GUARD_MARGIN_MS = 60_000;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 资源包 as channel codes see it (seat/seat.service.ts implements it). */
export interface SeatHolders {
  seatedOf(wsId: number, userids: string[]): Promise<Set<string>>;
  ensureSeats(ws: WorkSpace, userids: string[]): Promise<void>;
}

/** The reason shown for a code member without a seat. */
export const NO_SEAT_REASON = '未绑定席位';

export interface MemberPlan {
  userid: string;
  /** Why not receiving adds now (empty: eligible). */
  reasons: string[];
}

export interface UserPlan {
  /** The user list WeCom should hold; empty when nobody can receive (WeCom keeps the last list). */
  users: string[];
  members: Map<string, MemberPlan>;
}

/** Recompute the user lists of these codes in the background: one queued job per code. */
export async function queueCodeUsers(jobs: JobQueue, wsId: number, ids: number[]): Promise<void> {
  for (const id of ids) await jobs.enqueue(USERS_JOB, { id }, { workSpaceId: wsId, singletonKey: `cw-users:${id}` });
}

/** A code member's cap in force: its own, else the code's (0 = none). */
export const capOf = (code: Pick<ContactWay, 'daily_cap'>, m: Pick<ContactWayMember, 'daily_cap'>) => m.daily_cap ?? code.daily_cap;

export class ContactWayService {
  constructor(
    readonly deps: {
      repo: ContactWayRepository;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      jobs: JobQueue;
      clock: Clock;
      materials: AttachmentSource;
      risk: MemberAvailability;
      /** 资源包: who holds a seat (a channel code offers only them to WeCom), and seats taken for a code's members. */
      seats?: SeatHolders;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Which of these members hold a seat; undefined when seats are not enforced (no seat service). */
  async seatedOf(wsId: number, userids: string[]): Promise<Set<string> | undefined> {
    return this.deps.seats?.seatedOf(wsId, userids);
  }

  /**
   * A channel code's members without a seat take free seats while there are any; when none of its regular
   * members holds a seat after that, the code is refused (WeCom would have nobody to offer).
   */
  async requireSeats(ws: WorkSpace, members: Array<{ userid: string; backup?: boolean }>): Promise<Set<string> | undefined> {
    if (!this.deps.seats) return undefined;
    const userids = members.map((m) => m.userid);
    await this.deps.seats.ensureSeats(ws, userids);
    const seated = await this.deps.seats.seatedOf(ws.id, userids);
    if (!members.some((m) => !m.backup && seated.has(m.userid))) {
      throw new AppError(400, '接待成员都没有席位，无法接待客户：请先在「设置 → 资源包」为成员绑定席位，或购买席位');
    }
    return seated;
  }

  // ---------------------------------------------------------------- reading, shared by the code kinds

  /** The work space's code `id` when it is of `kind`; otherwise `missing()` (each kind names itself in its 404). */
  async findOfKind(ws: WorkSpace, id: number, kind: ContactWayKind, missing: () => AppError): Promise<ContactWay> {
    const code = await this.deps.repo.find(ws.id, id);
    if (!code || code.kind !== kind) throw missing();
    return code;
  }

  /** One page of the work space's codes matching `q`, and how many match in all. */
  async page(ws: WorkSpace, q: Omit<CodeQuery, 'offset' | 'limit'>, page?: number, pageSize?: number): Promise<{ rows: ContactWay[]; total: number }> {
    const { offset, limit } = pageWindow(page, pageSize);
    const [rows, total] = await Promise.all([this.deps.repo.list(ws.id, { ...q, offset, limit }), this.deps.repo.count(ws.id, q)]);
    return { rows, total };
  }

  /** The code picker of other pages (the customer list's 来源活码 filter, the auto-tag rule's codes). */
  async codeOptions(ws: WorkSpace, q: CodeFindBody, limit = CODE_OPTIONS_MAX): Promise<CodeOptionList> {
    const rows = await this.deps.repo.codeOptions(ws.id, { keyword: q.keyword?.trim() ?? '', ids: q.ids, limit: q.ids?.length || limit });
    return { list: rows.map((r) => ({ id: Number(r.id), name: r.name, kind: r.kind === 'staff' ? 'staff' : 'channel' })) };
  }

  // ---------------------------------------------------------------- jobs (listed in composition/job-registry.ts)

  /** CREATE_JOB: makes the code's contact way in WeCom (a retry looks for one its earlier run made). */
  createJob({ payload, attempt, job, held }: JobContext<{ id: number; since?: number }>): Promise<void> {
    return this.runCreate(payload.id, payload.since ?? (attempt > 1 ? job.created_at : undefined), { token: `${job.id}.${job.fence}`, held });
  }

  async createJobFailed(id: number, error: string): Promise<void> {
    await this.deps.repo.markCreateFailed(id, error.slice(0, 500), this.deps.clock.now());
  }

  /**
   * WARM_JOB: uploads a welcome message's files to WeCom when the code is saved, so the 20 s after an
   * add are not spent uploading.
   */
  async warmWelcomeJob(id: number): Promise<void> {
    const { repo, workSpaces, materials, gateway } = this.deps;
    const code = await repo.findAny(id);
    const ws = code && code.deleted_at === null ? await workSpaces.find(code.work_space_id) : undefined;
    if (!code || !ws) return;
    const { materialIds } = parseJsonColumn<WelcomeMessage>(code.welcome, { text: '', materialIds: [] });
    if (materialIds.length) await materials.attachments(ws, await gateway.corp(ws), materialIds);
  }

  /** USERS_JOB: pushes the code's user list to WeCom. */
  async pushUsersJob(id: number): Promise<void> {
    const code = await this.deps.repo.findAny(id);
    if (!code || code.deleted_at !== null || code.status !== 'active') return;
    const ws = await this.deps.workSpaces.find(code.work_space_id);
    if (ws) await this.pushUsers(ws, code);
  }

  get repo() {
    return this.deps.repo;
  }

  get risk() {
    return this.deps.risk;
  }

  newState(kind: keyof typeof STATE_PREFIX): string {
    const bytes = randomBytes(12);
    return `${STATE_PREFIX[kind]}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
  }

  // ---------------------------------------------------------------- validation (400 in Chinese)

  /** Members must be synced and have the customer-contact permission; returns their names. */
  async checkMembers(wsId: number, userids: string[]): Promise<Map<string, { name: string; avatar: string }>> {
    const dup = userids.find((u, i) => userids.indexOf(u) !== i);
    if (dup) throw new AppError(400, `成员 ${dup} 重复`);
    const info = await this.repo.memberInfo(wsId, userids);
    for (const u of userids) {
      const m = info.get(u);
      if (!m) throw new AppError(400, `成员 ${u} 不存在，请先同步成员`);
      if (!m.isFollowUser) throw new AppError(400, `成员「${m.name}」没有客户联系权限，无法接待客户`);
    }
    return info;
  }

  async checkTags(wsId: number, tagIds: string[]): Promise<void> {
    const names = await this.repo.tagNames(wsId, tagIds);
    const missing = tagIds.find((id) => !names.has(id));
    if (missing) throw new AppError(400, '标签不存在或已删除，请先同步企业标签');
  }

  async checkWelcome(wsId: number, welcome: WelcomeMessage): Promise<void> {
    if (Buffer.byteLength(welcome.text) > WELCOME_TEXT_MAX_BYTES) throw new AppError(400, '欢迎语文字过长（最多 4000 字节，约 1300 个汉字）');
    if (welcome.materialIds.length) await this.deps.materials.checkAttachments(wsId, welcome.materialIds);
  }

  checkSchedule(schedule: WeeklySchedule): void {
    const problem = scheduleProblem(schedule);
    if (problem) throw new AppError(400, problem);
  }

  // ---------------------------------------------------------------- WeCom contact ways

  /** The add_contact_way request of a code. */
  private request(code: ContactWay, users: string[]): AddContactWayRequest {
    const req: AddContactWayRequest = {
      type: code.way_type === 1 ? 1 : 2,
      scene: 2,
      remark: code.name.slice(0, 30),
      skip_verify: code.skip_verify === 1,
      state: code.state,
      user: users,
    };
    if (code.kind === 'lead' && code.expires_at) {
      req.is_temp = true;
      req.expires_in = Math.max(60, Math.min(14 * 86_400, Math.floor((code.expires_at - this.deps.clock.now()) / 1000)));
    }
    return req;
  }

  /** Creates the WeCom contact way of a stored code now; failures are WeCom errors (WecomError). */
  async createInWecom(ws: WorkSpace, code: ContactWay, users: string[], corpApi?: CorpApi): Promise<{ configId: string; qrCode: string }> {
    const api = corpApi ?? (await this.deps.gateway.corp(ws));
    const res = await api.addContactWay(this.request(code, users));
    return { configId: res.config_id, qrCode: res.qr_code ?? '' };
  }

  /**
   * Queues WeCom creation of stored codes (batches of staff codes, one-customer-one-code leads) — in the
   * caller's transaction, so rows and jobs exist together; `attempt` (a retry's time) makes a new key.
   */
  async enqueueCreate(
    wsId: number,
    ids: number[],
    opts: { trx?: Transaction<DB>; attempt?: number; lookSince?: number; afterUnanswered?: boolean } = {},
  ): Promise<void> {
    const suffix = opts.attempt ? `:${opts.attempt}` : '';
    // `lookSince`: WeCom may have made the way already (a call without an answer, an earlier try): look first.
    const payload = opts.lookSince === undefined ? {} : { since: opts.lookSince };
    // Right after a call WeCom did not answer, give it time to finish before looking for what it made.
    const runAt = opts.afterUnanswered ? Date.now() + UNANSWERED_GRACE_MS : undefined;
    for (const id of ids) {
      await this.deps.jobs.enqueue(CREATE_JOB, { id, ...payload }, { workSpaceId: wsId, idempotencyKey: `cw-create:${id}${suffix}`, runAt, trx: opts.trx });
    }
  }

  /**
   * The way WeCom made for this code in an earlier run whose answer was lost (a timeout, a crash between
   * WeCom's answer and our write): found by its state among the ways made since the job was queued that
   * are no code of ours, so a retry adopts it rather than making a second way with the same state.
   * `since`: wall-clock ms before the first try.
   */
  private async findMadeWay(ws: WorkSpace, code: ContactWay, since: number): Promise<{ configId: string; qrCode: string; users: string[] } | undefined> {
    const api = await this.deps.gateway.corp(ws);
    const end = Math.floor(Date.now() / 1000);
    const start = Math.min(end, Math.max(Math.floor(since / 1000) - 60, end - 89 * 86_400));
    const ids = (await api.listContactWay({ start_time: start, end_time: end })).contact_way.map((w) => w.config_id);
    const ours = await this.repo.knownConfigIds(ws.id, ids);
    for (const configId of ids) {
      if (ours.has(configId)) continue;
      const way = (await api.getContactWay(configId)).contact_way;
      if (way.state === code.state) return { configId, qrCode: way.qr_code ?? '', users: way.user ?? [] };
    }
    return undefined;
  }

  /**
   * `askedSince`: WeCom may have been asked already since then (wall clock): an earlier run, or a save
   * that got no answer. `run`: the job's claim. Looking for the way and asking WeCom happen under the
   * code's `creating_by` mark, so two runs (one that stalled past its lease and the one that took its
   * job over; an operator's retry beside a running job) never both ask WeCom.
   */
  private async runCreate(id: number, askedSince: number | undefined, run: { token: string; held(): Promise<boolean> }): Promise<void> {
    const code = await this.repo.findAny(id);
    if (!code || code.deleted_at !== null || code.config_id) return;
    const ws = await this.deps.workSpaces.find(code.work_space_id);
    if (!ws) return;
    const members = await this.repo.members(code.id);
    const regular = members.filter((m) => !m.backup).map((m) => m.userid);
    // Members without a seat are not offered (unless none has one: WeCom needs someone, the code shows why).
    const seated = await this.seatedOf(ws.id, regular);
    const withSeat = seated ? regular.filter((u) => seated.has(u)) : regular;
    const users = withSeat.length ? withSeat : regular;
    const guardMs = this.deps.gateway.timeoutMs + CREATE_GUARD_MARGIN_MS;
    try {
      // The token first: nothing slow between taking the mark and the call.
      const api = await this.deps.gateway.corp(ws);
      const now = Date.now();
      const guard = await this.repo.beginCreate(code.id, run.token, now, now - guardMs);
      if (!guard.held) {
        const fresh = await this.repo.findAny(code.id);
        if (!fresh || fresh.deleted_at !== null || fresh.config_id) return;
        // Another run is asking WeCom for this way: it records what WeCom makes. Look again once its mark would have lapsed.
        const since = fresh.creating_at ?? now;
        throw new RetryLater('another run is making this contact way', Math.max(1000, since + guardMs - now + 1000));
      }
      try {
        // This run's job was taken over (it stalled past its lease): the run that has it now asks.
        if (!(await run.held())) return;
        // A run that died while asking (its mark lapsed) may have had the way made.
        const since = guard.previous ?? askedSince;
        const found = since !== undefined ? await this.findMadeWay(ws, code, since) : undefined;
        const made = found ?? { ...(await this.createInWecom(ws, code, users, api)), users };
        await this.recordWay(ws, code, made, !found);
      } finally {
        await this.repo.endCreate(code.id, run.token);
      }
    } catch (err) {
      // WeCom said no (bad member, quota…): retrying will not help.
      if (err instanceof WecomError && err.errcode !== -1 && err.errcode !== 45009 && err.errcode !== 45033) {
        throw new PermanentFailure(wecomFailure(err).message);
      }
      throw err;
    }
  }

  /** Stores the way WeCom made for a code; one made here while another run stored its own is taken back. */
  private async recordWay(ws: WorkSpace, code: ContactWay, made: { configId: string; qrCode: string; users: string[] }, madeHere: boolean): Promise<void> {
    const recorded = await this.repo.recordWay(code.id, {
      config_id: made.configId,
      qr_code: made.qrCode,
      status: 'active',
      error: null,
      current_users: JSON.stringify(made.users),
      updated_at: this.deps.clock.now(),
    });
    if (!recorded) {
      const stored = (await this.repo.findAny(code.id))?.config_id;
      if (madeHere && stored !== made.configId) {
        this.deps.log.warn({ code: code.id, configId: made.configId }, 'a second contact way was made for a code: deleting it');
        await (await this.deps.gateway.corp(ws)).delContactWay(made.configId).catch((err) => this.deps.log.warn({ err, code: code.id }, 'could not delete a second contact way'));
      }
      return;
    }
    // A channel code's list follows its rules (order, caps, schedule, risk) from now on.
    if (code.kind === 'channel') await this.requestReconcile(ws.id, [code.id]);
  }

  /** Deletes the WeCom contact way (gone already is fine) and keeps the code's history. */
  async remove(ws: WorkSpace, code: ContactWay): Promise<void> {
    if (code.config_id) {
      try {
        const api = await this.deps.gateway.corp(ws);
        await api.delContactWay(code.config_id);
      } catch (err) {
        if (!(err instanceof WecomError && err.errcode === 40058)) throw wecomFailure(err);
      }
    }
    const now = this.deps.clock.now();
    await this.repo.update(code.id, { deleted_at: now, updated_at: now });
    await this.risk.releaseCode(ws.id, code.id);
  }

  /** WeCom's QR image of a code, as PNG bytes for a download. */
  async qrPng(code: ContactWay): Promise<Buffer> {
    if (!code.qr_code) throw new AppError(409, '二维码尚未生成');
    try {
      const res = await fetch(code.qr_code, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    } catch {
      throw new AppError(502, '二维码下载失败，请稍后重试');
    }
  }

  // ---------------------------------------------------------------- who receives (channel codes)

  /**
   * Who should be on the code's WeCom user list now. A member is eligible when switched on, inside the
   * code's schedule (backups ignore it), and not held offline by risk control (on this code or on every
   * code). Eligible regular members receive by the distribution rule; when none is eligible, the eligible
   * backups do; when nobody is, the list is left as it is (a contact way cannot be empty).
   */
  plan(code: ContactWay, members: ContactWayMember[], offline: Map<string, MemberOffline[]>, lastReceiver: string | null, now: number, seated?: Set<string>): UserPlan {
    const schedule = parseJsonColumn<WeeklySchedule>(code.schedule, []);
    const inSchedule = withinSchedule(schedule, now);
    const plans = new Map<string, MemberPlan>();
    for (const m of members) {
      const reasons: string[] = [];
      if (seated && !seated.has(m.userid)) reasons.push(NO_SEAT_REASON);
      if (!m.online) reasons.push('已手动下线');
      for (const o of offline.get(m.userid) ?? []) {
        if (o.contact_way_id !== 0 && o.contact_way_id !== code.id) continue;
        const label = o.kind === 'code_cap' ? '今日已达上限' : o.kind === 'cron' ? '不在定时上线时间' : `风控下线：${RISK_KIND_LABEL[o.kind as RiskKind]}`;
        if (!reasons.includes(label)) reasons.push(label);
      }
      if (!m.backup && !inSchedule) reasons.push('不在活码上线时间');
      plans.set(m.userid, { userid: m.userid, reasons });
    }
    const eligible = (backup: boolean) => members.filter((m) => Boolean(m.backup) === backup && !plans.get(m.userid)!.reasons.length);
    const regular = eligible(false);
    const pool = regular.length ? regular : eligible(true);
    if (!pool.length) return { users: [], members: plans };
    if (code.distribution === 'random') return { users: pool.map((m) => m.userid), members: plans };
    if (code.distribution === 'in_order') return { users: [pool[0]!.userid], members: plans };
    // round robin: the next eligible after whoever received the last customer, in member order
    const order = members.filter((m) => pool.includes(m));
    const all = members.map((m) => m.userid);
    const last = lastReceiver ? all.indexOf(lastReceiver) : -1;
    const next = order.find((m) => all.indexOf(m.userid) > last) ?? order[0]!;
    return { users: [next.userid], members: plans };
  }

  async planOf(code: ContactWay, members?: ContactWayMember[]): Promise<UserPlan> {
    const list = members ?? (await this.repo.members(code.id));
    const userids = list.map((m) => m.userid);
    const [offline, seated] = await Promise.all([this.risk.activeByMember(code.work_space_id, userids), this.seatedOf(code.work_space_id, userids)]);
    return this.plan(code, list, offline, await this.repo.lastReceiver(code.id), this.deps.clock.now(), seated);
  }

  /** Makes WeCom's user list of a channel code what `plan` says (no call when it already is). */
  async pushUsers(ws: WorkSpace, code: ContactWay): Promise<string[]> {
    if (code.kind !== 'channel' || !code.config_id) return parseJsonColumn<string[]>(code.current_users, []);
    const { users } = await this.planOf(code);
    const current = parseJsonColumn<string[]>(code.current_users, []);
    if (!users.length || (users.length === current.length && users.every((u, i) => u === current[i]))) return current;
    const api = await this.deps.gateway.corp(ws);
    try {
      await api.updateContactWay({ config_id: code.config_id, user: users });
    } catch (err) {
      await this.repo.update(code.id, { error: wecomFailure(err).message.slice(0, 500) });
      throw err;
    }
    await this.repo.update(code.id, { current_users: JSON.stringify(users), error: null });
    this.deps.log.info({ code: code.id, users }, 'contact way user list updated');
    return users;
  }

  /** After a code's welcome message is saved: its files go to WeCom ahead of the first add. */
  async warmWelcome(wsId: number, id: number, welcome: WelcomeMessage): Promise<void> {
    if (welcome.materialIds.length) await this.deps.jobs.enqueue(WARM_JOB, { id }, { workSpaceId: wsId, singletonKey: `warm:${id}` });
  }

  /** Recompute the user lists of these codes in the background (after adds and risk switches). */
  requestReconcile(wsId: number, ids: number[]): Promise<void> {
    return queueCodeUsers(this.deps.jobs, wsId, ids);
  }

  /** Every minute: codes whose online schedule opened or closed get their list pushed. */
  async reconcileScheduled(): Promise<void> {
    for (const code of await this.repo.scheduledChannelCodes()) {
      const { users } = await this.planOf(code);
      const current = parseJsonColumn<string[]>(code.current_users, []);
      if (users.length && users.join('\n') !== current.join('\n')) await this.requestReconcile(code.work_space_id, [code.id]);
    }
  }

  /** Temporary codes past their time are marked expired (WeCom removes them itself). */
  async expireTemporary(): Promise<number[]> {
    const rows = await this.repo.expiredActive(this.deps.clock.now());
    for (const r of rows) await this.repo.update(r.id, { status: 'expired' });
    return rows.map((r) => r.id);
  }
}

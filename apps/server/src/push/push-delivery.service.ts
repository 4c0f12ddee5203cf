// 群发 at WeCom (docs/push.md): the plan (audience → targets → tasks, in slices, resumable), one
// add_msg_template per task exactly once (an attempt without an answer is looked for before another is
// made), the tracking reads (get_groupmsg_task, get_groupmsg_send_result) on a thinning schedule,
// cancellation and reminders. Every step is a durable job (composition/job-registry.ts).
import type { PushAudience, PushContent } from '@scrm/contracts/push';
import { PUSH_TASK_MAX_CUSTOMERS, PUSH_TASK_MAX_GROUPS } from '@scrm/contracts/push';
import type { CorpApi, MsgAttachment } from '@scrm/wecom/client';
import { WecomError } from '@scrm/wecom/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock.js';
import type { CustomerEventService } from '../customer/customer-event.service.js';
import { parseJsonColumn } from '../db/database.js';
import { nextTurn } from '../db/next-turn.js';
import { AppError } from '../http/errors.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import type { MaterialService } from '../material/material.service.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import type { PushAudienceWalker } from './push-audience.js';
import type { PushRepository, PushRowDb, PushTaskRow, TargetStatus } from './push.repository.js';

export const PUSH_PLAN_JOB = 'push_plan';
export const PUSH_SEND_JOB = 'push_send';
export const PUSH_TRACK_JOB = 'push_track';
export const PUSH_TICK_JOB = 'push_tick';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Tracking stops this long after the start: what is still unsent stays unsent. */
export const TRACK_CLOSE_MS = 72 * HOUR;
/** WeCom allows three reminders a mass message within 24 hours. */
export const REMIND_WINDOW_MS = 24 * HOUR;
export const REMINDS_PER_WINDOW = 3;

/** The next read: every 5 min for the first 2 h, every 30 min until 24 h, every 2 h until 72 h. */
export function trackInterval(elapsed: number): number {
  return elapsed < 2 * HOUR ? 5 * MINUTE : elapsed < 24 * HOUR ? 30 * MINUTE : 2 * HOUR;
}

/** Answers that say WeCom did not act and may later: tried again (the client already backed off). */
const TRY_AGAIN = new Set([-1, 45009, 45033]);
/** 41063: the message is still being dispatched; its results come later. */
const DISPATCHING = 41063;
/** The simulator's answer to a fourth reminder within 24 hours (WeCom's own code is not published). */
const REMINDED_ALREADY = new Set([41064, 41065]);

const RESULT_STATUS: Record<number, TargetStatus> = { 0: 'unsent', 1: 'sent', 2: 'not_friend', 3: 'received_other' };

export class PushDeliveryService {
  private readonly limits: { customers: number; groups: number };

  constructor(
    private readonly deps: {
      repo: PushRepository;
      audience: PushAudienceWalker;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      materials: MaterialService;
      customerEvents: CustomerEventService;
      jobs: JobQueue;
      clock: Clock;
      log: FastifyBaseLogger;
      /** Customers (groups) a task at most: WeCom's caps unless a test sets smaller ones. */
      taskMax?: { customers?: number; groups?: number };
      /** A notice for the message centre (a push finished: 群发完成). */
      notify?: (wsId: number, n: { kind: string; title: string; content: string; refId: number | null }) => Promise<void>;
    },
  ) {
    this.limits = { customers: deps.taskMax?.customers ?? PUSH_TASK_MAX_CUSTOMERS, groups: deps.taskMax?.groups ?? PUSH_TASK_MAX_GROUPS };
  }

  /** The plan job of a push starting now, queued in the caller's transaction. */
  queuePlan(trx: any, push: { id: number; workSpaceId: number }) {
    return this.deps.jobs.enqueue(PUSH_PLAN_JOB, { pushId: push.id }, { workSpaceId: push.workSpaceId, idempotencyKey: `push-plan:${push.id}`, trx });
  }

  private async space(push: PushRowDb): Promise<{ ws: WorkSpace; api: CorpApi } | undefined> {
    const ws = await this.deps.workSpaces.find(push.work_space_id);
    if (!ws) return undefined;
    return { ws, api: await this.deps.gateway.corp(ws) };
  }

  // ---- the minute tick

  /** PUSH_TICK_JOB: scheduled pushes whose time has come start; pushes due a tracking read get one. */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    for (const p of await this.deps.repo.due(now)) {
      await this.deps.repo.update(p.id, 'scheduled', { status: 'sending', started_at: now, next_track_at: now + trackInterval(0), updated_at: now }, (trx) =>
        this.queuePlan(trx, { id: p.id, workSpaceId: p.work_space_id }),
      );
    }
    for (const p of await this.deps.repo.trackDue(now)) {
      await this.deps.jobs.enqueue(PUSH_TRACK_JOB, { pushId: p.id }, { workSpaceId: p.work_space_id, singletonKey: `push-track:${p.id}` });
    }
    this.deps.jobs.kick();
  }

  // ---- the plan

  /**
   * PUSH_PLAN_JOB: the audience in slices into push_target (the cursor saved with each slice), then each
   * member's targets split into tasks of ≤10,000 customers (≤2,000 groups), the media uploaded once,
   * and a send job per task. Taken up after a crash, it resumes where the last slice ended.
   */
  async planJob(ctx: JobContext<{ pushId: number }>): Promise<void> {
    const { repo } = this.deps;
    let push = await repo.byId(ctx.payload.pushId);
    if (!push || push.status !== 'sending') return;
    const at = await this.space(push);
    if (!at) return;
    if (!push.planned) {
      const audience = parseJsonColumn<PushAudience>(push.audience, {});
      for await (const slice of this.deps.audience.slices(at.ws, push.chat_type, audience, push.plan_cursor ?? '', push.started_at ?? this.deps.clock.now())) {
        if (!(await ctx.held())) return;
        await repo.addTargets(
          push.id,
          slice.targets.map((t) => ({ push_id: push!.id, work_space_id: at.ws.id, target_id: t.targetId, userid: t.userid, task_id: null, status: t.overCap ? 'over_cap' : 'unsent', send_time: null })),
          slice.cursor,
        );
      }
      const cap = push.chat_type === 'group' ? this.limits.groups : this.limits.customers;
      for (const userid of await repo.unassignedSenders(push.id)) {
        const ids = await repo.unassignedOf(push.id, userid);
        const ranges = [];
        for (let i = 0; i < ids.length; i += cap) {
          const part = ids.slice(i, i + cap);
          ranges.push({ first: part[0]!, last: part[part.length - 1]!, count: part.length });
        }
        await repo.addTasks(push.id, at.ws.id, userid, ranges);
        await nextTurn();
      }
      // The media once for the whole push (the library caches media ids for three days).
      const content = parseJsonColumn<PushContent>(push.content, { text: '', materialIds: [] });
      const attachments = content.materialIds.length ? await this.deps.materials.attachments(at.ws, at.api, content.materialIds) : [];
      await repo.set(push.id, { planned: 1, attachments: JSON.stringify(attachments) });
      await repo.recount(push.id);
      push = (await repo.byId(push.id))!;
    }
    const tasks = await repo.tasks(push.id);
    if (!tasks.length) {
      const error = push.over_cap > 0 ? '所选客户本月接收群发的次数已达企业微信上限' : push.chat_type === 'group' ? '没有符合条件的客户群' : '没有符合条件的客户';
      await repo.update(push.id, 'sending', { status: 'failed', error, finished_at: this.deps.clock.now(), next_track_at: null });
      return;
    }
    for (const t of tasks) {
      if (t.state === 'pending') await this.deps.jobs.enqueue(PUSH_SEND_JOB, { taskId: t.id }, { workSpaceId: push.work_space_id, idempotencyKey: `push-send:${t.id}` });
    }
  }

  // ---- one task, exactly once

  /**
   * PUSH_SEND_JOB: makes the task's add_msg_template once. A task with a msgid is done. An earlier
   * attempt that got no answer may have reached WeCom: it is looked for first (get_groupmsg_list_v2 by
   * sender and time, the same text, its targets confirmed by get_groupmsg_send_result) and adopted if
   * found. Only then is `attempted_at` committed and the call made; its msgid and fail_list are stored
   * together.
   */
  async sendJob(ctx: JobContext<{ taskId: number }>): Promise<void> {
    const { repo } = this.deps;
    const task = await repo.task(ctx.payload.taskId);
    if (!task || task.msgid !== null || task.state !== 'pending') return;
    const push = await repo.byId(task.push_id);
    if (!push) return;
    if (push.status !== 'sending' && task.attempted_at === null) {
      await repo.setTask(task.id, { state: 'cancelled' });
      return;
    }
    const at = await this.space(push);
    if (!at) return;
    const targets = await repo.taskTargets(task.id);
    const content = parseJsonColumn<PushContent>(push.content, { text: '', materialIds: [] });
    if (task.attempted_at !== null) {
      const found = await this.lookup(at.api, push, task, targets, content.text);
      if (found) {
        await repo.created(task.id, found.msgid, found.refused);
        await this.afterCreated(at.api, push.id, task.id, found.msgid, found.refused.length);
        return;
      }
      if (push.status !== 'sending') {
        await repo.setTask(task.id, { state: 'cancelled' });
        return;
      }
    }
    if (!(await ctx.held())) return;
    await repo.setTask(task.id, { attempted_at: Date.now() });
    const attachments = parseJsonColumn<MsgAttachment[]>(push.attachments, []);
    let answer: { msgid: string; fail_list?: string[] };
    try {
      answer = await at.api.addMsgTemplate({
        chat_type: push.chat_type,
        sender: task.sender,
        ...(push.chat_type === 'group' ? { chat_id_list: targets } : { external_userid: targets }),
        ...(content.text ? { text: { content: content.text } } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (err) {
      if (err instanceof WecomError && !err.unanswered) {
        // WeCom answered: nothing was made. Busy or rate-limited: tried again later without a lookup.
        await repo.setTask(task.id, { attempted_at: task.attempted_at });
        if (TRY_AGAIN.has(err.errcode)) throw err;
        await repo.taskFailed(task.id, err.message);
        await this.failIfAllFailed(push.id);
        await repo.recount(push.id);
        return;
      }
      // No answer: WeCom may have made it; the next attempt looks for it first.
      throw err;
    }
    await repo.created(task.id, answer.msgid, answer.fail_list ?? []);
    await this.afterCreated(at.api, push.id, task.id, answer.msgid, answer.fail_list?.length ?? 0);
  }

  /** PUSH_SEND_JOB given up (after days of WeCom failing): the task's targets are refused, with the reason. */
  async sendJobFailed(taskId: number, error: string): Promise<void> {
    const task = await this.deps.repo.task(taskId);
    if (!task || task.msgid !== null || task.state !== 'pending') return;
    await this.deps.repo.taskFailed(taskId, `创建群发任务失败：${error}`.slice(0, 500));
    await this.failIfAllFailed(task.push_id);
    await this.deps.repo.recount(task.push_id);
  }

  /**
   * A task made: cancelled at once if the push was meanwhile. The push's figures change only by WeCom's
   * refusals, so they are recounted then and once the last task is made — not after each of a thousand
   * tasks (each recount reads every target of the push).
   */
  private async afterCreated(api: CorpApi, pushId: number, taskId: number, msgid: string, refused: number): Promise<void> {
    const push = await this.deps.repo.byId(pushId);
    // Cancelled while the task was being made: members can no longer send it.
    if (push && push.status === 'cancelled') {
      await api.cancelGroupmsgSend(msgid);
      await this.deps.repo.setTask(taskId, { cancelled_at: this.deps.clock.now() });
    }
    if (refused > 0 || !(await this.deps.repo.pendingTasks(pushId))) await this.deps.repo.recount(pushId);
  }

  private async failIfAllFailed(pushId: number): Promise<void> {
    const tasks = await this.deps.repo.tasks(pushId);
    if (!tasks.length || !tasks.every((t) => t.state === 'failed')) return;
    const error = tasks[0]!.error ?? '企业微信拒绝了群发';
    await this.deps.repo.update(pushId, 'sending', { status: 'failed', error, finished_at: this.deps.clock.now(), next_track_at: null });
  }

  /** The message an unanswered attempt may have made: same sender, same text, this task's targets, no other task's. */
  private async lookup(api: CorpApi, push: PushRowDb, task: PushTaskRow, targets: string[], text: string): Promise<{ msgid: string; refused: string[] } | null> {
    const now = Date.now();
    const start = Math.max(Number(task.attempted_at) - MINUTE, now - 30 * 24 * HOUR);
    const { group_msg_list = [] } = await api.getGroupmsgListV2({
      chat_type: push.chat_type,
      start_time: Math.floor(start / 1000),
      end_time: Math.floor(now / 1000) + 60,
      creator: task.sender,
      filter_type: 0,
    });
    const candidates = group_msg_list.filter((m) => (m.text?.content ?? '') === text);
    const claimed = await this.deps.repo.claimed(candidates.map((m) => m.msgid));
    const mine = new Set(targets);
    for (const m of candidates) {
      if (claimed.has(m.msgid)) continue;
      let sent: Array<{ external_userid?: string; chat_id?: string }>;
      try {
        sent = (await api.getGroupmsgSendResult(m.msgid, task.sender)).send_list ?? [];
      } catch (err) {
        if (err instanceof WecomError && err.errcode === DISPATCHING) throw new Error('群发消息正在派发中，稍后再查找');
        throw err;
      }
      const ids = sent.map((r) => r.external_userid ?? r.chat_id ?? '');
      if (ids.length && ids.every((id) => mine.has(id))) {
        const got = new Set(ids);
        return { msgid: m.msgid, refused: targets.filter((t) => !got.has(t)) };
      }
    }
    return null;
  }

  // ---- tracking

  /**
   * PUSH_TRACK_JOB: for each task not yet read, the member's status (get_groupmsg_task, every cursor);
   * a member newly seen sent has their results read once (get_groupmsg_send_result, every cursor) and
   * each delivered customer gets a `push` event. Then the next read, or the push closes.
   */
  async trackJob(pushId: number): Promise<void> {
    const { repo, clock } = this.deps;
    const push = await repo.byId(pushId);
    if (!push || (push.status !== 'sending' && push.status !== 'cancelled') || push.next_track_at === null) return;
    const now = clock.now();
    if (!push.planned) {
      if (push.status === 'sending') await repo.set(push.id, { next_track_at: now + trackInterval(0) });
      else await repo.set(push.id, { next_track_at: null });
      return;
    }
    const at = await this.space(push);
    if (!at) return;
    for (const t of await repo.tasks(push.id)) {
      if (t.state !== 'created' || t.results_read || t.msgid === null) continue;
      const { task_list = [] } = await at.api.getGroupmsgTask(t.msgid);
      const member = task_list.find((x) => x.userid === t.sender);
      if (member?.status === 2) await this.readResults(at.api, at.ws, push, t, member.send_time ? member.send_time * 1000 : null);
      // Cancelled and not sent: nothing more will come.
      else if (t.cancelled_at !== null) await repo.setTask(t.id, { results_read: 1 });
      await nextTurn();
    }
    await repo.recount(push.id);
    const tasks = await repo.tasks(push.id);
    const open = tasks.some((t) => (t.state === 'pending' && push.status === 'sending') || (t.state === 'created' && !t.results_read));
    const started = Number(push.started_at ?? now);
    const elapsed = now - started;
    // the last read at 72 h, then the push closes
    const after = Math.min(now + trackInterval(elapsed), started + TRACK_CLOSE_MS);
    if (!open || elapsed >= TRACK_CLOSE_MS) {
      if (push.status === 'sending') {
        if (await repo.update(push.id, 'sending', { status: 'done', finished_at: now, tracked_at: now, next_track_at: null })) {
          const done = (await repo.byId(push.id)) ?? push;
          await this.deps.notify?.(push.work_space_id, {
            kind: 'push_finished',
            title: '群发已完成',
            content: `群发「${push.name}」已结束：送达 ${done.sent} 个${push.chat_type === 'group' ? '客户群' : '客户'}，未送达 ${done.unsent} 个`,
            refId: push.id,
          });
        }
      } else await repo.set(push.id, { tracked_at: now, next_track_at: null });
    } else await repo.set(push.id, { tracked_at: now, next_track_at: after });
  }

  private async readResults(api: CorpApi, ws: WorkSpace, push: PushRowDb, task: PushTaskRow, sendTime: number | null): Promise<void> {
    const { send_list = [] } = await api.getGroupmsgSendResult(task.msgid!, task.sender);
    const results = send_list.map((r) => ({
      targetId: r.external_userid ?? r.chat_id ?? '',
      status: RESULT_STATUS[r.status] ?? 'unsent',
      sendTime: r.send_time ? r.send_time * 1000 : sendTime,
    }));
    await this.deps.repo.results(task.id, sendTime, results);
    if (push.chat_type !== 'single') return;
    const delivered = results.filter((r) => r.status === 'sent');
    for (let i = 0; i < delivered.length; i += 500) {
      await this.deps.customerEvents.record(
        ws.id,
        delivered.slice(i, i + 500).map((r) => ({
          externalUserid: r.targetId,
          userid: task.sender,
          kind: 'push' as const,
          at: r.sendTime ?? this.deps.clock.now(),
          detail: { name: push.name, pushId: push.id },
          dedupeKey: `push:${push.id}:${r.targetId}`,
        })),
      );
    }
  }

  // ---- cancel and remind

  /**
   * Stops a push that is sending: tasks not made yet are not made; a task in doubt is looked for and
   * cancelled if found; each made task whose member has not sent is cancelled at WeCom. Members who
   * already sent are still tracked.
   */
  async cancelSending(ws: WorkSpace, push: PushRowDb): Promise<void> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    if (!(await repo.update(push.id, 'sending', { status: 'cancelled', finished_at: now, updated_at: now }))) throw new AppError(409, '群发状态已变化，请刷新后重试');
    const api = await this.deps.gateway.corp(ws);
    const content = parseJsonColumn<PushContent>(push.content, { text: '', materialIds: [] });
    try {
      for (const t of await repo.tasks(push.id)) {
        if (t.state === 'pending' && t.attempted_at === null) {
          await repo.setTask(t.id, { state: 'cancelled' });
          continue;
        }
        let msgid = t.msgid;
        if (t.state === 'pending') {
          const found = await this.lookup(api, push, t, await repo.taskTargets(t.id), content.text);
          if (!found) continue; // a send still under way cancels what it makes (afterCreated)
          await repo.created(t.id, found.msgid, found.refused);
          msgid = found.msgid;
        }
        if (msgid && t.member_status !== 2 && t.cancelled_at === null) {
          await api.cancelGroupmsgSend(msgid);
          await repo.setTask(t.id, { cancelled_at: now });
        }
      }
    } catch (err) {
      throw wecomFailure(err);
    } finally {
      await repo.recount(push.id);
    }
  }

  /** 提醒发送 for the members who have not sent (one, or all): a task reminded three times in the last 24 hours is skipped. */
  async remind(ws: WorkSpace, push: PushRowDb, userid?: string): Promise<{ reminded: number; skipped: number }> {
    const { repo, clock } = this.deps;
    if (push.status !== 'sending') throw new AppError(400, '只有发送中的群发可以提醒成员发送');
    const tasks = (await repo.tasks(push.id)).filter((t) => t.state === 'created' && t.member_status !== 2 && t.cancelled_at === null && (!userid || t.sender === userid));
    if (userid && !tasks.length) throw new AppError(400, '该成员没有待发送的群发任务');
    const api = await this.deps.gateway.corp(ws);
    const now = clock.now();
    let reminded = 0;
    let skipped = 0;
    for (const t of tasks) {
      const recent = parseJsonColumn<number[]>(t.reminder_times, []).filter((at) => now - at < REMIND_WINDOW_MS);
      if (recent.length >= REMINDS_PER_WINDOW) {
        skipped++;
        continue;
      }
      try {
        await api.remindGroupmsgSend(t.msgid!);
        await repo.setTask(t.id, { reminded_at: now, reminder_times: JSON.stringify([...recent, now]) });
        reminded++;
      } catch (err) {
        if (err instanceof WecomError && REMINDED_ALREADY.has(err.errcode)) skipped++;
        else throw wecomFailure(err);
      }
    }
    return { reminded, skipped };
  }
}

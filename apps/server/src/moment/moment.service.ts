// 朋友圈: a moments task the chosen members publish from their WeCom client. Saved as scheduled, started
// now or at its time on the business clock (the minute tick), made in WeCom once by the `moment_start`
// job (attempted_at is committed before add_moment_task; a run that finds it set looks for the moment
// in get_moment_list before asking again), then followed by `moment_track` — get_moment_task_result
// for the moment id, invalid senders and tags, get_moment_task for who published — more often at first,
// until 72 hours have passed. 提醒发表 is an application message (message/send). See docs/moment.md.
import {
  MOMENT_MAX_IMAGES,
  MOMENT_SCHEDULE_MAX_DAYS,
  type MomentContent,
  type MomentDetail,
  type MomentInput,
  type MomentList,
  type MomentListBody,
  type MomentMemberList,
  type MomentMembersBody,
  type MomentRange,
  type MomentRemindBody,
  type MomentRemindResult,
  type MomentRow,
  type MomentUpdateBody,
} from '@scrm/contracts/moment';
import type { CorpApi } from '@scrm/wecom/client';
import { WecomError } from '@scrm/wecom/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import { PermanentFailure, RetryLater, type JobContext, type JobQueue } from '../jobs/job-queue.js';
import type { MaterialService } from '../material/material.service.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import type { Moment, MomentRepository } from './moment.repository.js';

export const MOMENT_START_JOB = 'moment_start';
export const MOMENT_TRACK_JOB = 'moment_track';
export const MOMENT_TICK_JOB = 'moment_tick';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tracking ends this long after the start (status done). */
export const TRACK_FOR_MS = 72 * HOUR;
/** How long after the start the next look at WeCom comes: every 5 min for 2 h, 30 min until 24 h, 2 h until 72 h. */
export function trackInterval(elapsedMs: number): number {
  if (elapsedMs < 2 * HOUR) return 5 * MINUTE;
  if (elapsedMs < DAY) return 30 * MINUTE;
  return 2 * HOUR;
}
/** A lost add_moment_task is taken as not made only when get_moment_list has not shown it this long after the attempt. */
const ABSENT_AFTER_MS = MINUTE;
/** get_moment_list is asked from this long before the attempt (clocks differ). */
const LOOKUP_MARGIN_S = 300;
/** WeCom's answer on a running task (status 1/2): asked again after this. */
const RUNNING_RETRY_MS = MINUTE;
const REMIND_EVERY_MS = DAY;
const TOUSER_PER_CALL = 1000;

const notFound = () => new AppError(404, '朋友圈不存在或已删除');
const TRANSIENT = new Set([-1, 45009, 45033]);

export class MomentService {
  constructor(
    private readonly deps: {
      repo: MomentRepository;
      workSpaces: WorkSpaceRepository;
      materials: MaterialService;
      gateway: WecomGateway;
      jobs: JobQueue;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  private get repo() {
    return this.deps.repo;
  }

  private now() {
    return this.deps.clock.now();
  }

  // ---------------------------------------------------------------- reading

  async list(ws: WorkSpace, body: MomentListBody): Promise<MomentList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const q = { status: body.status, keyword: body.keyword?.trim() || undefined };
    const [rows, total] = await Promise.all([this.repo.list(ws.id, { ...q, offset, limit }), this.repo.count(ws.id, q)]);
    return { list: rows.map((r) => this.rowOf(r, r.creator_name ?? '')), total };
  }

  async detail(ws: WorkSpace, id: number): Promise<MomentDetail> {
    const m = await this.mustFind(ws, id);
    return {
      ...this.rowOf(m, await this.repo.creatorName(m.created_by)),
      range: JSON.parse(m.range) as MomentRange,
      trackedAt: m.tracked_at === null ? null : Number(m.tracked_at),
      nextTrackAt: m.next_track_at === null ? null : Number(m.next_track_at),
    };
  }

  async members(ws: WorkSpace, body: MomentMembersBody): Promise<MomentMemberList> {
    const m = await this.mustFind(ws, body.id);
    const { offset, limit } = pageWindow(body.page, 20);
    const [rows, total] = await Promise.all([this.repo.listMembers(ws.id, m.id, { status: body.status, offset, limit }), this.repo.countMembers(m.id, body.status)]);
    return {
      list: rows.map((r) => ({
        userid: r.userid,
        memberName: r.member_name ?? r.userid,
        memberAvatar: r.member_avatar ?? '',
        status: r.status,
        publishedAt: r.published_at === null ? null : Number(r.published_at),
        remindedAt: r.reminded_at === null ? null : Number(r.reminded_at),
      })),
      total,
    };
  }

  private rowOf(m: Moment, creatorName: string): MomentRow {
    const n = (v: number | null) => (v === null ? null : Number(v));
    return {
      id: Number(m.id),
      name: m.name,
      status: m.status,
      content: JSON.parse(m.content) as MomentContent,
      sendAt: n(m.send_at),
      startedAt: n(m.started_at),
      finishedAt: n(m.finished_at),
      createdAt: Number(m.created_at),
      creatorName,
      error: m.error,
      members: Number(m.members),
      published: Number(m.published),
      unpublished: Number(m.unpublished),
      invalidSenders: Number(m.invalid_senders),
      invalidTags: Number(m.invalid_tags),
    };
  }

  private async mustFind(ws: WorkSpace, id: number): Promise<Moment> {
    const m = await this.repo.find(ws.id, id);
    if (!m) throw notFound();
    return m;
  }

  // ---------------------------------------------------------------- changing

  async add(ws: WorkSpace, caller: AuthContext, input: MomentInput): Promise<MomentDetail> {
    const values = await this.checked(ws, input);
    const now = this.now();
    const id = await this.repo.insert({
      work_space_id: ws.id,
      ...values,
      status: 'scheduled',
      created_by: caller.accountId,
      created_at: now,
      updated_at: now,
    });
    if (values.send_at <= now) await this.begin(id);
    return this.detail(ws, id);
  }

  /** Only a moment still waiting for its time can be changed. */
  async update(ws: WorkSpace, body: MomentUpdateBody): Promise<MomentDetail> {
    const m = await this.mustFind(ws, body.id);
    if (m.status !== 'scheduled') throw new AppError(409, '只有待发送的朋友圈可以编辑');
    const values = await this.checked(ws, body);
    if (!(await this.repo.updateIf(m.id, ['scheduled'], { ...values, updated_at: this.now() }))) throw new AppError(409, '朋友圈已开始发送，无法编辑');
    if (values.send_at <= this.now()) await this.begin(m.id);
    return this.detail(ws, m.id);
  }

  /** The rules of a moment (Chinese 400s): text or media, 9 images or 1 video or 1 link, known members, a time within 30 days. */
  private async checked(ws: WorkSpace, input: MomentInput) {
    const name = input.name.trim();
    if (!name) throw new AppError(400, '请填写朋友圈名称');
    const text = input.content.text.trim();
    const ids = input.content.materialIds;
    if (new Set(ids).size !== ids.length) throw new AppError(400, '同一素材不能重复添加');
    if (!text && !ids.length) throw new AppError(400, '请填写文字或添加图片、视频、链接');
    const types = await this.deps.materials.typesOf(ws.id, ids);
    const kinds = new Set(types);
    if ([...kinds].some((k) => k !== 'image' && k !== 'video' && k !== 'link')) throw new AppError(400, '朋友圈只能添加图片、视频或链接');
    if (kinds.size > 1 || ((kinds.has('video') || kinds.has('link')) && ids.length > 1)) {
      throw new AppError(400, `朋友圈只能添加最多 ${MOMENT_MAX_IMAGES} 张图片，或 1 个视频，或 1 个链接，不能混合`);
    }
    const range = input.range;
    const userids = [...new Set(range.userids)];
    const known = await this.repo.knownMembers(ws.id, userids);
    const missing = userids.find((u) => !known.has(u));
    if (missing !== undefined) throw new AppError(400, `成员 ${missing} 不存在，请先同步成员`);
    const now = this.now();
    if (input.sendAt !== null) {
      if (input.sendAt <= now) throw new AppError(400, '定时发送时间须晚于当前时间');
      if (input.sendAt > now + MOMENT_SCHEDULE_MAX_DAYS * DAY) throw new AppError(400, `定时发送时间须在 ${MOMENT_SCHEDULE_MAX_DAYS} 天内`);
    }
    return {
      name,
      content: JSON.stringify({ text, materialIds: ids }),
      range: JSON.stringify({ userids, departmentIds: [...new Set(range.departmentIds)], tagIds: [...new Set(range.tagIds)] }),
      send_at: input.sendAt ?? now,
    };
  }

  /** scheduled → sending, and the job that makes it in WeCom (the tick queues it again should this stop between the two). */
  private async begin(id: number): Promise<void> {
    const now = this.now();
    if (await this.repo.updateIf(id, ['scheduled'], { status: 'sending', started_at: now, updated_at: now, next_track_at: null })) await this.queueStart(id);
  }

  private async queueStart(id: number) {
    const m = await this.repo.findAny(id);
    if (m) await this.deps.jobs.enqueue(MOMENT_START_JOB, { id }, { workSpaceId: Number(m.work_space_id), idempotencyKey: `moment-start:${id}` });
  }

  /** 取消: a scheduled one simply; one being published is stopped in WeCom (cancel_moment_task) after a last look at who published. */
  async cancel(ws: WorkSpace, id: number): Promise<MomentDetail> {
    const m = await this.mustFind(ws, id);
    const now = this.now();
    if (m.status === 'scheduled') {
      if (await this.repo.updateIf(m.id, ['scheduled'], { status: 'cancelled', finished_at: now, updated_at: now, next_track_at: null })) return this.detail(ws, id);
      return this.cancel(ws, id);
    }
    if (m.status !== 'sending') throw new AppError(409, '该朋友圈已结束，无法取消');
    if (m.jobid === null && m.moment_id === null) {
      if (m.attempted_at === null && (await this.repo.updateIf(m.id, ['sending'], { status: 'cancelled', finished_at: now, updated_at: now }))) return this.detail(ws, id);
      throw new AppError(409, '朋友圈正在提交到企业微信，请稍后再取消');
    }
    const api = await this.api(ws);
    try {
      const momentId = m.moment_id ?? (await this.track(m, api)).moment_id;
      if (!momentId) throw new AppError(409, '企业微信仍在创建该朋友圈任务，请稍后再取消');
      await api.cancelMomentTask(momentId);
    } catch (err) {
      throw wecomFailure(err);
    }
    await this.repo.updateIf(m.id, ['sending'], { status: 'cancelled', finished_at: this.now(), updated_at: this.now(), next_track_at: null });
    return this.detail(ws, id);
  }

  /** A moment being published is cancelled first. */
  async delete(ws: WorkSpace, id: number): Promise<void> {
    const m = await this.mustFind(ws, id);
    if (m.status === 'sending') throw new AppError(409, '发送中的朋友圈请先取消再删除');
    await this.repo.delete(m.id);
  }

  /** 提醒发表: an application message to each member who has not published, at most once a day each; the others are counted as skipped. */
  async remind(ws: WorkSpace, body: MomentRemindBody): Promise<MomentRemindResult> {
    const m = await this.mustFind(ws, body.id);
    if (m.status !== 'sending') throw new AppError(409, '只能提醒发送中的朋友圈');
    const rows = await this.repo.memberRows(m.id, body.userid);
    if (body.userid !== undefined && !rows.length) throw new AppError(404, '该成员不在发表范围内');
    const now = this.now();
    const due = rows.filter((r) => r.status === 'unpublished' && (r.reminded_at === null || now - Number(r.reminded_at) >= REMIND_EVERY_MS)).map((r) => r.userid);
    const skipped = rows.filter((r) => r.status !== 'invalid').length - due.length;
    if (!due.length) return { reminded: 0, skipped };
    const agentid = Number(ws.agent_id);
    if (!Number.isInteger(agentid) || agentid <= 0) throw new AppError(400, '该企业未配置自建应用 agentid，无法发送提醒');
    const api = await this.api(ws);
    let reminded = 0;
    try {
      for (let i = 0; i < due.length; i += TOUSER_PER_CALL) {
        const part = due.slice(i, i + TOUSER_PER_CALL);
        const r = await api.sendAppMessage({ touser: part.join('|'), msgtype: 'text', agentid, text: { content: `请在企业微信中发表朋友圈「${m.name}」` } });
        const invalid = new Set((r.invaliduser ?? '').split('|').filter(Boolean));
        const sent = part.filter((u) => !invalid.has(u));
        await this.repo.markReminded(m.id, sent, now);
        reminded += sent.length;
      }
    } catch (err) {
      if (!reminded) throw wecomFailure(err);
      this.deps.log.warn({ err, moment: m.id }, 'moment reminder cut short');
    }
    return { reminded, skipped: skipped + (due.length - reminded) };
  }

  private api(ws: WorkSpace): Promise<CorpApi> {
    return this.deps.gateway.corp(ws).catch((err) => {
      throw wecomFailure(err);
    });
  }

  // ---------------------------------------------------------------- jobs

  /** MOMENT_TICK_JOB, every minute and when the test clock moves: scheduled moments whose time came, and the tracking due. */
  async tick(): Promise<void> {
    const now = this.now();
    for (const id of await this.repo.due(now)) await this.begin(id);
    for (const m of await this.repo.trackingDue(now)) {
      if (!m.made) await this.queueStart(m.id);
      else await this.deps.jobs.enqueue(MOMENT_TRACK_JOB, { id: m.id }, { workSpaceId: m.work_space_id, singletonKey: `moment-track:${m.id}` });
    }
  }

  /**
   * MOMENT_START_JOB: makes the moment in WeCom exactly once. attempted_at is committed before
   * add_moment_task; a run that finds it set (a crash, a lost answer) adopts the moment get_moment_list
   * shows for it, and asks again only once the moment has had time to appear and has not.
   */
  async startJob({ payload, held }: JobContext<{ id: number }>): Promise<void> {
    const m = await this.repo.findAny(payload.id);
    if (!m || m.status !== 'sending' || m.jobid !== null || m.moment_id !== null) return;
    const ws = await this.deps.workSpaces.find(m.work_space_id);
    if (!ws) return;
    const api = await this.deps.gateway.corp(ws);
    try {
      if (m.attempted_at !== null) {
        const found = await this.findMade(ws, api, m);
        if (found) {
          await this.madeIn(m, { moment_id: found });
          return;
        }
        const waited = this.now() - Number(m.attempted_at);
        if (waited < ABSENT_AFTER_MS) throw new RetryLater('an earlier add_moment_task may still appear', ABSENT_AFTER_MS - waited + 1000);
      }
      const content = JSON.parse(m.content) as MomentContent;
      const range = JSON.parse(m.range) as MomentRange;
      // Media first (slow, harmless to repeat): nothing slow between the mark and the call.
      const attachments = await this.deps.materials.momentAttachments(ws, api, content.materialIds);
      if (!(await held())) return;
      if (!(await this.repo.markAttempt(m.id, m.attempted_at === null ? null : Number(m.attempted_at), this.now()))) {
        throw new RetryLater('another run is making this moment', 5000);
      }
      const { jobid } = await api.addMomentTask({
        ...(content.text ? { text: { content: content.text } } : {}),
        ...(attachments.length ? { attachments } : {}),
        visible_range: {
          sender_list: { user_list: range.userids, department_list: range.departmentIds },
          ...(range.tagIds.length ? { external_contact_list: { tag_list: range.tagIds } } : {}),
        },
      });
      await this.madeIn(m, { jobid });
    } catch (err) {
      if (err instanceof WecomError && err.unanswered) throw new RetryLater('add_moment_task unanswered: looking for it next', 1000);
      if (err instanceof WecomError && !TRANSIENT.has(err.errcode)) throw new PermanentFailure(wecomFailure(err).message);
      throw err;
    }
  }

  async startJobFailed(id: number, error: string): Promise<void> {
    const now = this.now();
    await this.repo.updateIf(id, ['sending'], { status: 'failed', error: error.slice(0, 500), finished_at: now, updated_at: now, next_track_at: null });
  }

  /** Made in WeCom: tracked from now on (the job below, queued at once). */
  private async madeIn(m: Moment, made: { jobid?: string; moment_id?: string }): Promise<void> {
    await this.repo.updateIf(m.id, ['sending', 'cancelled'], { ...made, next_track_at: this.now(), updated_at: this.now() });
    await this.deps.jobs.enqueue(MOMENT_TRACK_JOB, { id: m.id }, { workSpaceId: Number(m.work_space_id), singletonKey: `moment-track:${m.id}` });
  }

  /** The enterprise moment get_moment_list shows with this moment's text since its attempt, not held by another moment. */
  private async findMade(ws: WorkSpace, api: CorpApi, m: Moment): Promise<string | undefined> {
    const text = (JSON.parse(m.content) as MomentContent).text;
    const from = Math.floor(this.deps.clock.wall(Number(m.attempted_at)) / 1000) - LOOKUP_MARGIN_S;
    const to = Math.floor(Date.now() / 1000) + LOOKUP_MARGIN_S;
    const { moment_list = [] } = await api.getMomentList({ start_time: from, end_time: to, filter_type: 0 });
    const candidates = moment_list.filter((x) => x.create_type === 0 && (x.text?.content ?? '') === text).sort((a, b) => a.create_time - b.create_time);
    for (const c of candidates) if (!(await this.repo.momentIdTaken(ws.id, c.moment_id, m.id))) return c.moment_id;
    return undefined;
  }

  /** MOMENT_TRACK_JOB. */
  async trackJob(id: number): Promise<void> {
    const m = await this.repo.findAny(id);
    if (!m || m.status !== 'sending') return;
    const ws = await this.deps.workSpaces.find(m.work_space_id);
    if (!ws) return;
    await this.track(m, await this.deps.gateway.corp(ws));
  }

  /**
   * One look at WeCom: the task's result while the moment id is unknown (invalid senders and tags),
   * then every sender's publish state; the next look is set by the time since the start, and after
   * 72 hours the moment is done. Returns the moment as it is now.
   */
  private async track(m: Moment, api: CorpApi): Promise<Moment> {
    const now = this.now();
    let momentId = m.moment_id;
    let invalidSenders: string[] = [];
    const values: Partial<Moment> = {};
    if (momentId === null) {
      if (m.jobid === null) return m;
      const r = await api.getMomentTaskResult(m.jobid);
      if (r.status !== 3 || !r.result) {
        await this.repo.updateIf(m.id, ['sending'], { tracked_at: now, next_track_at: now + RUNNING_RETRY_MS });
        return m;
      }
      if (r.result.errcode !== 0 || !r.result.moment_id) {
        await this.repo.updateIf(m.id, ['sending'], { status: 'failed', error: wecomFailure(new WecomError(r.result.errcode, r.result.errmsg, 'add_moment_task')).message, finished_at: now, tracked_at: now, next_track_at: null });
        return m;
      }
      momentId = r.result.moment_id;
      invalidSenders = r.result.invalid_sender_list?.user_list ?? [];
      values.moment_id = momentId;
      values.invalid_tags = r.result.invalid_external_contact_list?.tag_list?.length ?? 0;
    }
    const { task_list = [] } = await api.getMomentTask(momentId);
    const elapsed = now - Number(m.started_at ?? now);
    const done = m.status === 'sending' && elapsed >= TRACK_FOR_MS;
    Object.assign(values, { tracked_at: now, updated_at: now, next_track_at: done ? null : now + trackInterval(elapsed) }, done ? { status: 'done', finished_at: now } : {});
    await this.repo.recordMembers(
      m.id,
      task_list.map((t) => ({ userid: t.userid, published: t.publish_status === 1 })),
      invalidSenders,
      m.status === 'sending' ? values : { moment_id: values.moment_id ?? m.moment_id, invalid_tags: values.invalid_tags ?? m.invalid_tags },
      now,
    );
    return (await this.repo.findAny(m.id)) ?? m;
  }
}

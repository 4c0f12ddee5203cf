// 群发 (/api/qw/push/*): pushes as the console lists, creates, edits, cancels and deletes them, what an
// audience reaches before saving, each member's and each customer's result and their Excel export.
// What happens at WeCom is PushDeliveryService's (push-delivery.service.ts).
import type { Readable } from 'node:stream';
import { CHINA_OFFSET_MS } from '@scrm/contracts/china-time';
import {
  PUSH_SCHEDULE_MAX_DAYS,
  PUSH_TARGET_STATUS_LABEL,
  PUSH_TEXT_MAX_BYTES,
  type PushAudience,
  type PushContent,
  type PushDetail,
  type PushExportBody,
  type PushInput,
  type PushList,
  type PushListBody,
  type PushMemberList,
  type PushMemberRow,
  type PushMembersBody,
  type PushReach,
  type PushReachBody,
  type PushRemindBody,
  type PushRemindResult,
  type PushRow,
  type PushTargetList,
  type PushTargetsBody,
  type PushUpdateBody,
} from '@scrm/contracts/push';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import { parseJsonColumn } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import { xlsxStream } from '../http/xlsx-stream.js';
import type { MaterialService } from '../material/material.service.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { PushAudienceWalker } from './push-audience.js';
import { trackInterval, type PushDeliveryService } from './push-delivery.service.js';
import type { PushRepository, PushRowDb, TargetStatus } from './push.repository.js';

const DAY = 86_400_000;
const PAGE_SIZE = 20;
/** Results read per round of the export. */
const EXPORT_CHUNK = 1000;

const chinaTime = (t: number) => new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

export class PushService {
  constructor(
    private readonly deps: {
      repo: PushRepository;
      delivery: PushDeliveryService;
      audience: PushAudienceWalker;
      materials: MaterialService;
      clock: Clock;
    },
  ) {}

  private async own(ws: WorkSpace, id: number): Promise<PushRowDb> {
    const push = await this.deps.repo.find(ws.id, id);
    if (!push) throw new AppError(404, '群发不存在');
    return push;
  }

  private row(p: PushRowDb & { creator_nickname?: string | null; creator_account?: string | null; creator_phone?: string | null }, creatorName?: string): PushRow {
    const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      id: Number(p.id),
      name: p.name,
      chatType: p.chat_type,
      status: p.status,
      content: parseJsonColumn<PushContent>(p.content, { text: '', materialIds: [] }),
      sendAt: n(p.send_at),
      startedAt: n(p.started_at),
      finishedAt: n(p.finished_at),
      createdAt: Number(p.created_at),
      creatorName: creatorName ?? (p.creator_nickname || p.creator_account || p.creator_phone || ''),
      error: p.error,
      targets: Number(p.targets),
      members: Number(p.members),
      membersSent: Number(p.members_sent),
      sent: Number(p.sent),
      unsent: Number(p.unsent),
      failed: Number(p.failed),
      overCap: Number(p.over_cap),
    };
  }

  async list(ws: WorkSpace, body: PushListBody): Promise<PushList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize ?? PAGE_SIZE);
    const q = { status: body.status, chatType: body.chatType, keyword: body.keyword };
    const [rows, total] = await Promise.all([this.deps.repo.list(ws.id, { ...q, offset, limit }), this.deps.repo.count(ws.id, q)]);
    return { list: rows.map((r) => this.row(r)), total };
  }

  async detail(ws: WorkSpace, id: number): Promise<PushDetail> {
    const push = await this.own(ws, id);
    const tasks = await this.deps.repo.tasks(push.id);
    return {
      ...this.row(push, await this.deps.repo.creatorName(push.created_by)),
      audience: parseJsonColumn<PushAudience>(push.audience, {}),
      tasks: tasks.length,
      tasksCreated: tasks.filter((t) => t.msgid !== null).length,
      trackedAt: push.tracked_at === null ? null : Number(push.tracked_at),
      nextTrackAt: push.next_track_at === null ? null : Number(push.next_track_at),
    };
  }

  // ---- create, edit, cancel, delete

  /** The input's rules, refused in Chinese: content, attachments, the time, the audience. */
  private async check(ws: WorkSpace, input: PushInput): Promise<void> {
    if (!input.name.trim()) throw new AppError(400, '请填写群发名称');
    if (Buffer.byteLength(input.content.text) > PUSH_TEXT_MAX_BYTES) throw new AppError(400, '群发文字过长（最多 4000 字节，约 1300 个汉字）');
    if (!input.content.text.trim() && !input.content.materialIds.length) throw new AppError(400, '请填写群发内容或添加附件');
    if (input.content.materialIds.length) await this.deps.materials.checkAttachments(ws.id, input.content.materialIds);
    if (input.sendAt !== null) {
      const now = this.deps.clock.now();
      if (input.sendAt <= now) throw new AppError(400, '定时发送时间须晚于当前时间');
      if (input.sendAt > now + PUSH_SCHEDULE_MAX_DAYS * DAY) throw new AppError(400, `定时发送最多可设置在 ${PUSH_SCHEDULE_MAX_DAYS} 天内`);
    }
    const a = input.audience;
    if (input.chatType === 'group') {
      if (a.userids?.length || a.tagIds?.length || a.contactWayIds?.length || a.addedFrom || a.addedTo || a.gender !== undefined) throw new AppError(400, '群发客户群只能按群主或客户群选择');
    } else if (a.ownerUserids?.length) throw new AppError(400, '群发客户不能按群主选择，请选择成员');
    // the customer list's own checks of the filter (dates, tag mode)
    await this.reach(ws, { chatType: input.chatType, audience: a }, 1);
  }

  private values(input: PushInput) {
    return {
      name: input.name.trim(),
      chat_type: input.chatType,
      audience: JSON.stringify(input.audience),
      content: JSON.stringify(input.content),
      send_at: input.sendAt,
    };
  }

  /** Saves a push: sent now (the plan job starts at once) or at `sendAt` (the minute tick starts it). */
  async add(ws: WorkSpace, caller: AuthContext, input: PushInput): Promise<{ id: number }> {
    await this.check(ws, input);
    const now = this.deps.clock.now();
    const startNow = input.sendAt === null;
    const id = await this.deps.repo.insert(
      {
        work_space_id: ws.id,
        ...this.values(input),
        status: startNow ? 'sending' : 'scheduled',
        attachments: null,
        started_at: startNow ? now : null,
        finished_at: null,
        plan_cursor: null,
        error: null,
        tracked_at: null,
        next_track_at: startNow ? now + trackInterval(0) : null,
        created_by: caller.accountId,
        created_at: now,
        updated_at: now,
      },
      startNow ? (trx, pushId) => this.deps.delivery.queuePlan(trx, { id: pushId, workSpaceId: ws.id }) : undefined,
    );
    return { id };
  }

  async update(ws: WorkSpace, body: PushUpdateBody): Promise<{ id: number }> {
    const push = await this.own(ws, body.id);
    if (push.status !== 'scheduled') throw new AppError(400, '群发已开始发送，不能再编辑');
    const { id, ...input } = body;
    await this.check(ws, input);
    const now = this.deps.clock.now();
    const startNow = input.sendAt === null;
    const ok = await this.deps.repo.update(
      push.id,
      'scheduled',
      { ...this.values(input), updated_at: now, ...(startNow ? { status: 'sending', started_at: now, next_track_at: now + trackInterval(0) } : {}) },
      startNow ? (trx) => this.deps.delivery.queuePlan(trx, { id: push.id, workSpaceId: ws.id }) : undefined,
    );
    if (!ok) throw new AppError(400, '群发已开始发送，不能再编辑');
    return { id };
  }

  async cancel(ws: WorkSpace, id: number): Promise<{ id: number }> {
    const push = await this.own(ws, id);
    if (push.status === 'scheduled') {
      const now = this.deps.clock.now();
      if (await this.deps.repo.update(push.id, 'scheduled', { status: 'cancelled', finished_at: now, updated_at: now })) return { id };
      return this.cancel(ws, id);
    }
    if (push.status !== 'sending') throw new AppError(400, '只有待发送或发送中的群发可以取消');
    await this.deps.delivery.cancelSending(ws, push);
    return { id };
  }

  async remove(ws: WorkSpace, id: number): Promise<{ id: number }> {
    const push = await this.own(ws, id);
    if (push.status === 'sending' || !(await this.deps.repo.remove(ws.id, push.id))) throw new AppError(400, '发送中的群发不能删除，请先取消');
    return { id };
  }

  async remind(ws: WorkSpace, body: PushRemindBody): Promise<PushRemindResult> {
    return this.deps.delivery.remind(ws, await this.own(ws, body.id), body.userid);
  }

  // ---- 预计送达

  /** What the audience reaches now: targets, sending members, customers at WeCom's monthly cap (stops past `stopAt` targets). */
  async reach(ws: WorkSpace, body: PushReachBody, stopAt = Infinity): Promise<PushReach> {
    let targets = 0;
    let overCap = 0;
    const members = new Set<string>();
    for await (const slice of this.deps.audience.slices(ws, body.chatType, body.audience, '', this.deps.clock.now())) {
      for (const t of slice.targets) {
        if (t.overCap) overCap++;
        else {
          targets++;
          members.add(t.userid);
        }
      }
      if (targets >= stopAt) break;
    }
    return { targets, members: members.size, overCap };
  }

  // ---- results

  async members(ws: WorkSpace, body: PushMembersBody): Promise<PushMemberList> {
    const push = await this.own(ws, body.id);
    const [tasks, counts] = await Promise.all([this.deps.repo.tasks(push.id), this.deps.repo.memberCounts(push.id)]);
    const bySender = new Map<string, typeof tasks>();
    for (const t of tasks) bySender.set(t.sender, [...(bySender.get(t.sender) ?? []), t]);
    const rows: Array<Omit<PushMemberRow, 'memberName' | 'memberAvatar'>> = [...bySender].map(([userid, ts]) => {
      const c = counts.filter((x) => x.userid === userid);
      const sum = (ss: TargetStatus[]) => c.filter((x) => ss.includes(x.status)).reduce((a, x) => a + x.n, 0);
      const status: PushMemberRow['status'] = ts.every((t) => t.state === 'failed')
        ? 'failed'
        : ts.some((t) => t.member_status === 2)
          ? 'sent'
          : ts.every((t) => t.state === 'cancelled' || t.state === 'failed' || t.cancelled_at !== null)
            ? 'cancelled'
            : 'unsent';
      const sendTimes = ts.map((t) => (t.send_time === null ? null : Number(t.send_time))).filter((x): x is number => x !== null);
      const reminded = ts.map((t) => (t.reminded_at === null ? null : Number(t.reminded_at))).filter((x): x is number => x !== null);
      return {
        userid,
        status,
        sendTime: sendTimes.length ? Math.max(...sendTimes) : null,
        targets: ts.reduce((a, t) => a + Number(t.targets), 0),
        sent: sum(['sent']),
        failed: sum(['not_friend', 'received_other', 'refused']),
        remindedAt: reminded.length ? Math.max(...reminded) : null,
      };
    });
    const picked = body.status ? rows.filter((r) => r.status === body.status) : rows;
    const { offset, limit } = pageWindow(body.page, PAGE_SIZE);
    const page = picked.slice(offset, offset + limit);
    const names = await this.deps.repo.memberNames(ws.id, page.map((r) => r.userid));
    return {
      list: page.map((r) => ({ ...r, memberName: names.get(r.userid)?.name ?? r.userid, memberAvatar: names.get(r.userid)?.avatar ?? '' })),
      total: picked.length,
    };
  }

  async targets(ws: WorkSpace, body: PushTargetsBody): Promise<PushTargetList> {
    const push = await this.own(ws, body.id);
    const { offset, limit } = pageWindow(body.page, PAGE_SIZE);
    const q = { status: body.status, userid: body.userid, keyword: body.keyword };
    const [rows, total] = await Promise.all([this.deps.repo.targets(push, { ...q, offset, limit }), this.deps.repo.countTargets(push, q)]);
    return {
      list: rows.map((r) => ({
        targetId: r.target_id,
        name: r.name ?? r.target_id,
        avatar: r.avatar ?? '',
        userid: r.userid,
        memberName: r.member_name ?? r.userid,
        status: r.status,
        sendTime: r.send_time === null ? null : Number(r.send_time),
      })),
      total,
    };
  }

  /** The results as .xlsx, streamed as they are read (`xlsxStream`, as the customer export). */
  async export(ws: WorkSpace, body: PushExportBody): Promise<{ name: string; stream: Readable }> {
    const push = await this.own(ws, body.id);
    const group = push.chat_type === 'group';
    const columns = [
      { header: group ? '客户群' : '客户', key: 'name', width: 24 },
      { header: group ? '群ID' : '客户ID', key: 'targetId', width: 34 },
      { header: '成员', key: 'member', width: 16 },
      { header: '状态', key: 'status', width: 18 },
      { header: '发送时间', key: 'sendTime', width: 20 },
    ];
    const q = { status: body.status, userid: body.userid, keyword: body.keyword };
    const repo = this.deps.repo;
    async function* batches() {
      let after: string | undefined;
      for (;;) {
        const rows = await repo.targets(push, { ...q, after, limit: EXPORT_CHUNK });
        if (!rows.length) return;
        yield rows.map((r) => ({
          name: r.name ?? r.target_id,
          targetId: r.target_id,
          member: r.member_name ?? r.userid,
          status: PUSH_TARGET_STATUS_LABEL[r.status],
          sendTime: r.send_time === null ? '' : chinaTime(Number(r.send_time)),
        }));
        after = rows[rows.length - 1]!.target_id;
      }
    }
    return { name: push.name, stream: xlsxStream('群发结果', columns, batches()) };
  }
}


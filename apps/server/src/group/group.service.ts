// 客户群: the groups a work space's members own, with customers vs staff and today's joins and quits;
// a group's members and 30-day join/quit trend; a re-read from WeCom (the sync job's group phase).
// Joins and quits come from change_external_chat events, counted once per event.
import { dayKey, dayStart, DAY_MS } from '@scrm/contracts/china-time';
import { JOIN_SCENE_LABEL, OWNER_SCENE_LABEL, type GroupDetail, type GroupDetailBody, type GroupList, type GroupListBody, type GroupRow } from '@scrm/contracts/group';
import type { SyncProgress } from '@scrm/contracts/qw';
import type { Clock } from '../clock/clock.js';
import type { CustomerEventService } from '../customer/customer-event.service.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { SyncService } from '../sync/sync.service.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import { syncOf } from '../workspace/workspace.service.js';
import type { GroupRepository } from './group.repository.js';

export const TREND_DAYS = 30;

/** A join or quit as the callback processor hands it over (change_external_chat update). */
export interface GroupMemberChange {
  callbackEventId: number;
  chatId: string;
  kind: 'join' | 'quit';
  count: number;
  scene: number;
  memberIds: string[];
  at: number;
}

type Row = NonNullable<Awaited<ReturnType<GroupRepository['find']>>>;

function rowOf(r: Row): GroupRow {
  return {
    chatId: r.chat_id,
    name: r.name,
    owner: r.owner,
    ownerName: r.owner_name ?? r.owner,
    memberCount: Number(r.member_count),
    customerCount: Number(r.customer_count ?? 0),
    staffCount: Number(r.staff_count ?? 0),
    createTime: Number(r.create_time),
    status: Number(r.status),
    todayJoins: Number(r.today_joins ?? 0),
    todayQuits: Number(r.today_quits ?? 0),
  };
}

export class GroupService {
  constructor(private readonly deps: { repo: GroupRepository; sync: SyncService; customerEvents: CustomerEventService; clock: Clock }) {}

  /** The customers now in these groups (群发 to customers in groups). */
  customersIn(ws: WorkSpace, chatIds: string[]): Promise<string[]> {
    return this.deps.repo.customersIn(ws.id, chatIds);
  }

  /** Groups of these owners (all when none), or exactly `chatIds`, in chat_id order after `after` (群发 to groups). */
  ownedAfter(ws: WorkSpace, q: { owners?: string[]; chatIds?: string[] }, after: string, limit: number): Promise<Array<{ chat_id: string; owner: string }>> {
    return this.deps.repo.ownedAfter(ws.id, q, after, limit);
  }

  async list(ws: WorkSpace, body: GroupListBody): Promise<GroupList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const filter = { owners: body.owners, name: body.name, tagIds: body.tagIds };
    const since = dayStart(this.deps.clock.now());
    const [rows, total] = await Promise.all([this.deps.repo.list(ws.id, { ...filter, since, offset, limit }), this.deps.repo.count(ws.id, filter)]);
    return { list: rows.map(rowOf), total, sync: syncOf(ws) };
  }

  async detail(ws: WorkSpace, body: GroupDetailBody): Promise<GroupDetail> {
    const now = this.deps.clock.now();
    const row = await this.deps.repo.find(ws.id, body.chatId, dayStart(now));
    if (!row) throw new AppError(404, '客户群不存在或已解散');
    const first = dayStart(now) - (TREND_DAYS - 1) * DAY_MS;
    const [members, events] = await Promise.all([this.deps.repo.members(ws.id, body.chatId), this.deps.repo.events(ws.id, body.chatId, first)]);
    const days = new Map<string, { joins: number; quits: number }>();
    for (let i = 0; i < TREND_DAYS; i++) days.set(dayKey(first + i * DAY_MS), { joins: 0, quits: 0 });
    for (const e of events) {
      const d = days.get(dayKey(Number(e.at)));
      if (!d) continue;
      if (e.kind === 'join') d.joins += Number(e.count);
      else d.quits += Number(e.count);
    }
    return {
      group: { ...rowOf(row), notice: row.notice },
      members: members.map((m) => ({
        id: m.member_id,
        name: (m.type === 1 ? m.staff_name : m.customer_name) ?? m.member_id,
        type: Number(m.type),
        joinTime: Number(m.join_time),
        joinScene: Number(m.join_scene),
        joinSceneText: m.member_id === row.owner ? OWNER_SCENE_LABEL : (JOIN_SCENE_LABEL[Number(m.join_scene)] ?? JOIN_SCENE_LABEL[0]!),
        invitor: m.invitor,
        invitorName: m.invitor ? (m.invitor_name ?? m.invitor) : '',
      })),
      trend: [...days].map(([day, c]) => ({ day, ...c })),
    };
  }

  /** Re-reads every group chat from WeCom in the background (the sync job, group phase only); the list's `sync` shows its progress. */
  async startSync(ws: WorkSpace): Promise<SyncProgress> {
    await this.deps.sync.start(ws.id, ['group']);
    return { ...syncOf(ws), status: 'running', phase: 'group', done: 0, total: 0, percent: 0, error: null };
  }

  /** A change_external_chat add_member / del_member: counted once however often the event is processed. */
  async memberChanged(ws: WorkSpace, change: GroupMemberChange): Promise<void> {
    await this.deps.repo.recordEvent({
      work_space_id: ws.id,
      chat_id: change.chatId,
      kind: change.kind,
      count: Math.max(1, change.count),
      scene: change.scene,
      member_ids: JSON.stringify(change.memberIds.slice(0, 500)),
      at: change.at,
      callback_event_id: change.callbackEventId,
    });
    // The work space's customers among them get it on their timeline.
    const customers = await this.deps.repo.customersAmong(ws.id, change.memberIds.slice(0, 500));
    await this.deps.customerEvents.record(
      ws.id,
      [...customers].map((id) => ({
        externalUserid: id,
        kind: change.kind === 'join' ? 'group_join' : 'group_quit',
        at: change.at,
        detail: { chatId: change.chatId, scene: change.scene },
        dedupeKey: `cb:${change.callbackEventId}:${change.kind}:${id}`,
      })),
    );
  }
}

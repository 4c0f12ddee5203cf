// Pulls a corp's contacts from WeCom into the synced tables: departments, members, corp tags,
// group chats with members, customers with follow relations. A full sync records its progress on the
// work space; the callback processor calls the single-item refreshes below to keep things current.
import type { FastifyBaseLogger } from 'fastify';
import type { CorpApi } from '@scrm/wecom/client';
import { WecomError } from '@scrm/wecom/errors';
import type { JobQueue } from '../jobs/job-queue.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import { pool } from '../lib/pool.js';
import type { CustomerValues, GroupMemberValues, LiveFollowValues, MemberValues, SyncRepository, TagGroupValues, TagValues } from './sync.repository.js';

export type SyncPhase = 'department' | 'member' | 'tag' | 'group' | 'customer';
export const PHASES: SyncPhase[] = ['department', 'member', 'tag', 'group', 'customer'];
/** Share of each phase in the overall percentage. */
const WEIGHT: Record<SyncPhase, number> = { department: 5, member: 15, tag: 5, group: 35, customer: 40 };

export interface StoredProgress {
  phase: SyncPhase | '';
  done: number;
  total: number;
}

export function percentOf(status: string, p: StoredProgress): number {
  if (status === 'done') return 100;
  if (!p.phase) return 0;
  const before = PHASES.slice(0, PHASES.indexOf(p.phase)).reduce((n, ph) => n + WEIGHT[ph], 0);
  const within = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  return Math.min(99, Math.floor(before + WEIGHT[p.phase] * within));
}

// WeCom bodies as read here (field names are WeCom's).
interface WxDepartment { id: number; name: string; parentid?: number; order?: number }
interface WxUser { userid: string; name?: string; department?: number[]; status?: number; position?: string; avatar?: string }
interface WxTag { id: string; name: string; order?: number; create_time?: number; deleted?: boolean }
interface WxTagGroup { group_id: string; group_name: string; order?: number; create_time?: number; deleted?: boolean; tag?: WxTag[] }
interface WxGroupMember { userid: string; type: number; join_time?: number; join_scene?: number; invitor?: { userid?: string } }
interface WxGroupChat { chat_id: string; name?: string; owner?: string; create_time?: number; notice?: string; member_list?: WxGroupMember[] }
interface WxExternalContact { external_userid: string; name?: string; avatar?: string; type?: number; gender?: number; unionid?: string; corp_name?: string }
interface WxFollow {
  userid: string; remark?: string; description?: string; createtime?: number; add_way?: number; state?: string; oper_userid?: string; remark_mobiles?: string[];
  tags?: Array<{ tag_id?: string; type?: number }>; tag_id?: string[];
}

/** What one run has read already, so later phases do not ask again. */
interface Seen {
  departments?: WxDepartment[];
  followUsers?: string[];
}

const ms = (seconds: number | undefined) => (seconds ? seconds * 1000 : 0);
const asBody = <T>(v: unknown) => v as T;

/**
 * WeCom calls of a phase in flight at once: groupchat/get per group, and batch/get_by_user per chunk of 100
 * members (each chunk's pages follow its cursor). A WeCom call takes tens of milliseconds from China's
 * networks, so reaching an API's 10,000 a minute (166 a second) takes about 8–16 in flight; the client's
 * limiter keeps each API under its rate. At 4 each, a sync of 200,000 customers with 50 ms round trips
 * spent 16.6 s on its groups and ~60 s fetching customers (bench/RESULTS.md, Sync).
 */
const GROUP_FETCH_CONCURRENCY = 16;
const CUSTOMER_FETCH_CONCURRENCY = 16;

/** The relation ended or the customer is not ours any more: WeCom answers with one of these. */
const GONE_CODES = new Set([40096, 84061, 40003, 60111]);

export const SYNC_JOB = 'sync';
export interface SyncPayload {
  workSpaceId: number;
  phases: SyncPhase[];
}
/** The singleton key of a work space's syncs: one runs, one more may wait. */
const syncKey = (wsId: number) => `sync:${wsId}`;
export const MEMBER_SYNC_JOB = 'member_sync';
/** A member sync waits this long after the contacts change that asked for it, so a burst of changes makes one. */
const MEMBER_SYNC_DELAY_MS = 3_000;

export class SyncService {
  constructor(
    private readonly deps: {
      repo: SyncRepository;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      jobs: JobQueue;
      log: FastifyBaseLogger;
      /** A notice for the message centre (a failed sync: 同步或连接失败). */
      notify?: (wsId: number, n: { kind: string; title: string; content: string; refId: number | null }) => Promise<void>;
    },
  ) {}

  /** MEMBER_SYNC_JOB (composition/job-registry.ts): departments and members read again. */
  async memberSyncJob(workSpaceId: number | null): Promise<void> {
    const ws = workSpaceId ? await this.deps.workSpaces.find(workSpaceId) : undefined;
    if (!ws) return;
    const api = await this.deps.gateway.corp(ws);
    await this.syncMembers(ws.id, api, await this.syncDepartments(ws.id, api));
  }

  /**
   * Departments and members are read again a moment from now. One is queued per work space: changes
   * while it waits add nothing, and a change while it runs queues one more after it.
   */
  async queueMemberSync(wsId: number): Promise<void> {
    await this.deps.jobs.enqueue(MEMBER_SYNC_JOB, {}, { workSpaceId: wsId, singletonKey: `members:${wsId}`, runAt: Date.now() + MEMBER_SYNC_DELAY_MS });
  }

  /** Whether a sync of the work space is queued or running (in any process). */
  isRunning(wsId: number): Promise<boolean> {
    return this.deps.jobs.repo.active(syncKey(wsId));
  }

  /**
   * Queues a sync. One runs at a time per work space and one more may wait: a request while one waits
   * adds its phases to the waiting one (a group sync asked behind a member sync reads the groups too).
   * The work space shows 「running」 at once, and until the waiting one has run (see `run`).
   */
  async start(wsId: number, phases: SyncPhase[] = PHASES): Promise<void> {
    await this.deps.workSpaces.update(wsId, { sync_status: 'running', sync_error: null });
    const key = syncKey(wsId);
    const widen = (payload: unknown) => {
      const had = new Set((payload as SyncPayload).phases);
      return { workSpaceId: wsId, phases: PHASES.filter((p) => had.has(p) || phases.includes(p)) };
    };
    // The waiting job may be claimed between the two steps: then there is room to queue again.
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await this.deps.jobs.enqueue<SyncPayload>(SYNC_JOB, { workSpaceId: wsId, phases }, { workSpaceId: wsId, singletonKey: key })) return;
      if (await this.deps.jobs.repo.changeQueued(key, widen)) return;
    }
    throw new Error(`sync of work space ${wsId} could not be queued`);
  }

  private async progress(wsId: number, phase: SyncPhase, done: number, total: number) {
    await this.deps.workSpaces.update(wsId, { sync_progress: JSON.stringify({ phase, done, total }) });
  }

  /** SYNC_JOB (composition/job-registry.ts). */
  async run(wsId: number, phases: SyncPhase[]): Promise<void> {
    const ws = await this.deps.workSpaces.find(wsId);
    if (!ws) return;
    await this.deps.workSpaces.update(wsId, {
      sync_status: 'running',
      sync_error: null,
      sync_progress: JSON.stringify({ phase: phases[0], done: 0, total: 0 }),
    });
    try {
      const api = await this.deps.gateway.corp(ws);
      const seen: Seen = {};
      for (const phase of phases) {
        await this.progress(wsId, phase, 0, 0);
        await this.phase(ws, api, phase, seen);
      }
      await this.deps.repo.refreshStatistics();
      // A sync asked while this one ran is still to come: the work space keeps showing 「running」.
      const next = await this.deps.jobs.repo.queued(syncKey(wsId));
      // A sync that read the customers has just proved the token and the customer-contact permission.
      await this.deps.workSpaces.update(wsId, {
        sync_status: next ? 'running' : 'done',
        synced_at: Date.now(),
        sync_progress: JSON.stringify({ phase: '', done: 0, total: 0 }),
        token_ok: 1,
        ...(phases.includes('customer') ? { contact_permission: 1, last_checked_at: Date.now() } : {}),
      });
    } catch (err) {
      this.deps.log.warn({ err, wsId }, 'wecom sync failed');
      // Shown to the operator: WeCom's reason in Chinese (or 「无法连接企业微信」).
      const message = wecomFailure(err).message;
      if (await this.deps.workSpaces.find(wsId)) {
        await this.deps.workSpaces.update(wsId, { sync_status: 'failed', sync_error: message.slice(0, 500) });
        await this.deps.notify?.(wsId, { kind: 'sync_failed', title: '企业微信同步失败', content: `「${ws.nickname}」同步失败：${message}`, refId: null });
      }
    }
  }

  private async phase(ws: WorkSpace, api: CorpApi, phase: SyncPhase, seen: Seen): Promise<void> {
    switch (phase) {
      case 'department':
        seen.departments = await this.syncDepartments(ws.id, api);
        return;
      case 'member':
        seen.followUsers = await this.syncMembers(ws.id, api, seen.departments);
        return;
      case 'tag': {
        const tags = await this.syncTags(ws.id, api);
        return this.progress(ws.id, 'tag', tags, tags);
      }
      case 'group':
        return this.syncGroups(ws.id, api);
      case 'customer':
        return this.syncCustomers(ws.id, api, seen.followUsers);
    }
  }

  async syncDepartments(wsId: number, api: CorpApi): Promise<WxDepartment[]> {
    const { department = [] } = asBody<{ department?: WxDepartment[] }>(await api.departmentList());
    await this.deps.repo.replaceDepartments(
      wsId,
      department.map((d) => ({ work_space_id: wsId, id: d.id, name: d.name ?? '', parent_id: d.parentid ?? 0, order: d.order ?? 0 })),
    );
    await this.progress(wsId, 'department', department.length, department.length);
    return department;
  }

  /** Returns the follow users (members with customer-contact permission). */
  async syncMembers(wsId: number, api: CorpApi, departments?: WxDepartment[]): Promise<string[]> {
    const department = departments ?? asBody<{ department?: WxDepartment[] }>(await api.departmentList()).department ?? [];
    const ids = new Set(department.map((d) => d.id));
    // The roots of what the app can see: departments whose parent it cannot see.
    const roots = department.filter((d) => !ids.has(d.parentid ?? 0)).map((d) => d.id);
    const users = new Map<string, WxUser>();
    let done = 0;
    for (const root of roots) {
      const { userlist = [] } = asBody<{ userlist?: WxUser[] }>(await api.userList(root, true));
      for (const u of userlist) users.set(u.userid, u);
      await this.progress(wsId, 'member', ++done, roots.length + 1);
    }
    const followUsers = asBody<{ follow_user?: string[] }>(await api.followUserList()).follow_user ?? [];
    const follow = new Set(followUsers);
    const rows: MemberValues[] = [...users.values()].map((u) => ({
      work_space_id: wsId,
      userid: u.userid,
      name: u.name ?? u.userid,
      department: JSON.stringify(u.department ?? []),
      status: u.status ?? 1,
      position: u.position ?? '',
      avatar: u.avatar ?? '',
      is_follow_user: follow.has(u.userid) ? 1 : 0,
    }));
    const before = this.deps.notify ? await this.deps.repo.memberStates(wsId) : [];
    await this.deps.repo.replaceMembers(wsId, rows);
    await this.noticeOffline(wsId, before, rows);
    await this.progress(wsId, 'member', roots.length + 1, roots.length + 1);
    return followUsers;
  }

  /** Members who received customers before and no longer can (left, disabled, lost customer contact): 成员下线 notices. */
  private async noticeOffline(wsId: number, before: Array<{ userid: string; name: string; status: number; is_follow_user: number }>, now: MemberValues[]): Promise<void> {
    if (!this.deps.notify) return;
    const after = new Map(now.map((m) => [m.userid, m]));
    for (const m of before) {
      if (m.status !== 1 || m.is_follow_user !== 1) continue;
      const n = after.get(m.userid);
      const reason = !n ? '已离职或不在应用可见范围内' : n.status === 2 ? '已被停用' : n.status === 5 ? '已退出企业' : n.status !== 1 ? '已不是在职状态' : n.is_follow_user !== 1 ? '失去客户联系权限' : null;
      if (!reason) continue;
      await this.deps.notify(wsId, { kind: 'member_offline', title: '成员下线', content: `${m.name}（${m.userid}）${reason}，不再接待客户`, refId: null });
    }
  }

  /**
   * Every corp tag read again; returns how many tags. Writes no progress: the full sync records its tag
   * phase itself, and the tag page's sync and a tag event keep the work space's sync state out of it.
   */
  async syncTags(wsId: number, api: CorpApi): Promise<number> {
    const { tag_group = [] } = asBody<{ tag_group?: WxTagGroup[] }>(await api.getCorpTagList({}));
    const groups: TagGroupValues[] = [];
    const tags: TagValues[] = [];
    for (const g of tag_group) {
      if (g.deleted) continue;
      groups.push({ work_space_id: wsId, group_id: g.group_id, name: g.group_name, order: g.order ?? 0, create_time: ms(g.create_time) });
      for (const t of g.tag ?? []) {
        if (t.deleted) continue;
        tags.push({ work_space_id: wsId, id: t.id, group_id: g.group_id, name: t.name, order: t.order ?? 0, create_time: ms(t.create_time) });
      }
    }
    await this.deps.repo.replaceTags(wsId, groups, tags);
    return tags.length;
  }

  /**
   * A change_external_tag event, applied to just what it names: the tag or group re-read (create,
   * update), removed (delete), or a group's order re-read (shuffle). An event naming nothing usable
   * re-reads every tag. Each step writes WeCom's present state, so a repeat changes nothing.
   */
  async tagChanged(wsId: number, api: CorpApi, e: { changeType: 'create' | 'update' | 'delete' | 'shuffle'; id: string; tagType?: string }): Promise<void> {
    const isGroup = e.tagType === 'tag_group';
    if (!e.id || (e.changeType !== 'shuffle' && !isGroup && e.tagType !== 'tag')) {
      await this.syncTags(wsId, api);
      return;
    }
    if (e.changeType === 'delete') {
      return isGroup ? this.deps.repo.deleteTagGroups(wsId, [e.id]) : this.deps.repo.deleteTags(wsId, [e.id]);
    }
    // shuffle names the group whose tags were reordered (the order of groups: no id, handled above)
    const byGroup = isGroup || e.changeType === 'shuffle';
    const { tag_group = [] } = asBody<{ tag_group?: WxTagGroup[] }>(await api.getCorpTagList(byGroup ? { group_id: [e.id] } : { tag_id: [e.id] }));
    const g = tag_group.find((x) => !x.deleted && (byGroup ? x.group_id === e.id : (x.tag ?? []).some((t) => t.id === e.id)));
    if (!g) {
      // Gone again by the time we asked: as a delete.
      return byGroup ? this.deps.repo.deleteTagGroups(wsId, [e.id]) : this.deps.repo.deleteTags(wsId, [e.id]);
    }
    await this.saveTagGroup(wsId, g, { complete: byGroup });
  }

  /** A group as WeCom answered it (get_corp_tag_list, add_corp_tag); `complete` when it lists all its tags. */
  async saveTagGroup(wsId: number, g: WxTagGroup, opts: { complete: boolean }): Promise<void> {
    const tags = (g.tag ?? []).filter((t) => !t.deleted);
    await this.deps.repo.saveTagGroup(
      wsId,
      { work_space_id: wsId, group_id: g.group_id, name: g.group_name, order: g.order ?? 0, create_time: ms(g.create_time) },
      tags.map((t) => ({ work_space_id: wsId, id: t.id, group_id: g.group_id, name: t.name, order: t.order ?? 0, create_time: ms(t.create_time) })),
      opts,
    );
  }

  /** Our copy after an edit WeCom accepted (edit_corp_tag). */
  tagEdited(wsId: number, kind: 'tag' | 'tag_group', id: string, set: { name?: string; order?: number }): Promise<void> {
    return kind === 'tag' ? this.deps.repo.updateTag(wsId, id, set) : this.deps.repo.updateTagGroup(wsId, id, set);
  }

  /** Our copy after WeCom deleted these (del_corp_tag): the customers' relations lose them too. */
  async tagsDeleted(wsId: number, d: { tagIds?: string[]; groupIds?: string[] }): Promise<void> {
    if (d.tagIds?.length) await this.deps.repo.deleteTags(wsId, d.tagIds);
    if (d.groupIds?.length) await this.deps.repo.deleteTagGroups(wsId, d.groupIds);
  }

  async syncGroups(wsId: number, api: CorpApi): Promise<void> {
    const { group_chat_list = [] } = asBody<{ group_chat_list?: Array<{ chat_id: string; status?: number }> }>(
      await api.groupChatList({ status_filter: 0, limit: 1000 }),
    );
    let done = 0;
    await this.progress(wsId, 'group', 0, group_chat_list.length);
    // A few groupchat/get in flight at once (the client's limiter keeps the rate); each group is its own write.
    await pool(group_chat_list, GROUP_FETCH_CONCURRENCY, async (item) => {
      await this.refreshGroup(wsId, api, item.chat_id, item.status ?? 0);
      if (++done % 20 === 0) await this.progress(wsId, 'group', done, group_chat_list.length);
    });
    await this.progress(wsId, 'group', done, group_chat_list.length);
    await this.deps.repo.keepGroups(wsId, group_chat_list.map((g) => g.chat_id));
  }

  /**
   * Re-reads one group. `status` is WeCom's groupchat status as its list (or a transfer) says; the single
   * read carries none, so without it the stored status stays (a new group starts at 0, 正常).
   */
  async refreshGroup(wsId: number, api: CorpApi, chatId: string, status?: number): Promise<void> {
    const { group_chat: g } = asBody<{ group_chat: WxGroupChat }>(await api.groupChatGet(chatId, true));
    const members: GroupMemberValues[] = (g.member_list ?? []).map((m) => ({
      work_space_id: wsId,
      chat_id: g.chat_id,
      member_id: m.userid,
      type: m.type,
      join_time: ms(m.join_time),
      join_scene: m.join_scene ?? 0,
      invitor: m.invitor?.userid ?? '',
      left_at: null,
    }));
    await this.deps.repo.upsertGroup(
      wsId,
      {
        work_space_id: wsId,
        chat_id: g.chat_id,
        name: g.name ?? '',
        owner: g.owner ?? '',
        create_time: ms(g.create_time),
        notice: g.notice ?? '',
        ...(status === undefined ? {} : { status }),
        member_count: members.length,
      },
      members,
    );
  }

  async syncCustomers(wsId: number, api: CorpApi, known?: string[]): Promise<void> {
    const followUsers = known ?? asBody<{ follow_user?: string[] }>(await api.followUserList()).follow_user ?? [];
    await this.progress(wsId, 'customer', 0, followUsers.length);
    // batchGetByUser chunks by 100 userids itself; call per chunk here so progress moves, a few chunks at
    // once (a chunk's pages follow one another; the client's limiter keeps each API's rate). Each chunk's
    // rows go to the pass as they come (PostgreSQL writes them while the next chunks are fetched).
    const chunks = Array.from({ length: Math.ceil(followUsers.length / 100) }, (_, i) => followUsers.slice(i * 100, i * 100 + 100));
    const pass = await this.deps.repo.customerPass(wsId);
    let done = 0;
    try {
      await pool(chunks, CUSTOMER_FETCH_CONCURRENCY, async (chunk) => {
        const { external_contact_list = [] } = asBody<{
          external_contact_list?: Array<{ external_contact: WxExternalContact; follow_info: WxFollow }>;
        }>(await api.batchGetByUser(chunk));
        const customers: CustomerValues[] = [];
        const follows: LiveFollowValues[] = [];
        for (const item of external_contact_list) {
          customers.push(this.customerRow(wsId, item.external_contact));
          follows.push(this.followRow(wsId, item.external_contact, item.follow_info));
        }
        pass.add(customers, follows);
        done += chunk.length;
        await this.progress(wsId, 'customer', done, followUsers.length);
      });
    } catch (err) {
      await pass.abandon();
      throw err;
    }
    await pass.end();
  }

  /** One customer as WeCom has it now (after add/edit/delete events). */
  async refreshCustomer(wsId: number, api: CorpApi, externalUserid: string): Promise<void> {
    let body: { external_contact: WxExternalContact; follow_user?: WxFollow[] };
    try {
      body = asBody(await api.externalContactGet(externalUserid));
    } catch (err) {
      if (err instanceof WecomError && GONE_CODES.has(err.errcode)) return this.deps.repo.endFollow(wsId, externalUserid);
      throw err;
    }
    await this.deps.repo.upsertCustomer(
      wsId,
      this.customerRow(wsId, body.external_contact),
      (body.follow_user ?? []).map((f) => this.followRow(wsId, body.external_contact, f)),
    );
  }

  markDeletedByCustomer(wsId: number, externalUserid: string, userid: string, at: number | null, happenedAt: number): Promise<boolean> {
    return this.deps.repo.markDeletedByCustomer(wsId, externalUserid, userid, at, happenedAt);
  }

  endFollow(wsId: number, externalUserid: string, userid: string, at?: number): Promise<void> {
    return this.deps.repo.endFollow(wsId, externalUserid, userid, at);
  }

  deleteGroup(wsId: number, chatId: string): Promise<void> {
    return this.deps.repo.deleteGroup(wsId, chatId);
  }

  private customerRow(wsId: number, c: WxExternalContact): CustomerValues {
    return {
      work_space_id: wsId,
      external_userid: c.external_userid,
      name: c.name ?? '',
      avatar: c.avatar ?? '',
      type: c.type ?? 1,
      gender: c.gender ?? 0,
      unionid: c.unionid ?? '',
      corp_name: c.corp_name ?? '',
      updated_at: Date.now(),
    };
  }

  private followRow(wsId: number, c: WxExternalContact, f: WxFollow): LiveFollowValues {
    const tagIds = f.tag_id ?? (f.tags ?? []).filter((t) => t.type === undefined || t.type === 1).map((t) => t.tag_id!).filter(Boolean);
    return {
      work_space_id: wsId,
      external_userid: c.external_userid,
      userid: f.userid,
      remark: f.remark ?? '',
      description: f.description ?? '',
      remark_mobiles: JSON.stringify(f.remark_mobiles ?? []),
      createtime: ms(f.createtime),
      tag_ids: JSON.stringify(tagIds),
      add_way: f.add_way ?? 0,
      state: f.state ?? '',
      oper_userid: f.oper_userid ?? '',
      deleted_at: null,
      gender: c.gender ?? 0,
    };
  }
}

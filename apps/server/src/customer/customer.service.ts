// 客户详情: a customer's profile, the members who have them, the adds through our codes (attributed by
// State), the groups joined, and one timeline built from those rows (newest first).
import {
  ADD_WAY_LABEL,
  SOURCE_KIND_LABEL,
  type CustomerDetail,
  type CustomerFollow,
  type CustomerGroup,
  type CustomerSource,
  type CustomerTag,
  type TimelineEntry,
  type TimelineKind,
  type TimelineLevel,
} from '@scrm/contracts/customer';
import { parseKeys } from '../db/database.js';
import { AppError } from '../http/errors.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { CustomerEventRow } from './customer-event.repository.js';
import type { CustomerEventService } from './customer-event.service.js';
import type { AddRow, CustomerRepository, FollowRow, GroupRow, TagRow } from './customer.repository.js';

export const DELETED_SUFFIX = '（已删除）';
const DELETED_TAG = '（已删除的标签）';
const UNNAMED_GROUP = '未命名客户群';

const notFound = () => new AppError(404, '客户不存在');

export class CustomerService {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly events: CustomerEventService,
  ) {}

  /** The customer's name as we have it ('' when we have no record or no name). */
  async name(wsId: number, externalUserid: string): Promise<string> {
    return (await this.repo.find(wsId, externalUserid))?.name ?? '';
  }

  async detail(ws: WorkSpace, externalUserid: string): Promise<CustomerDetail> {
    const customer = await this.repo.find(ws.id, externalUserid);
    if (!customer) throw notFound();
    const [follows, adds, groups, allEvents] = await Promise.all([
      this.repo.follows(ws.id, [externalUserid]),
      this.repo.adds(ws.id, externalUserid),
      this.repo.groups(ws.id, externalUserid),
      this.events.ofCustomer(ws.id, externalUserid),
    ]);
    // Adds and deletions are told by the add and relation rows already.
    const events = allEvents.filter((e) => TIMELINE_EVENT_KINDS.has(e.kind));
    const tagIds = [
      ...follows.flatMap((f) => parseKeys(f.tag_ids)),
      ...adds.flatMap((a) => parseKeys(a.tag_ids)),
      ...events.flatMap((e) => eventTagIds(e)),
    ];
    const tags = new Map((await this.repo.tags(ws.id, tagIds)).map((t) => [t.id, t]));
    const memberNames = new Map<string, string>();
    for (const r of [...follows, ...adds]) if (r.member_name) memberNames.set(r.userid, r.member_name);
    const nameOf = (userid: string) => memberNames.get(userid) ?? userid;

    return {
      externalUserid: customer.external_userid,
      name: customer.name,
      avatar: customer.avatar,
      type: Number(customer.type),
      gender: Number(customer.gender),
      corpName: customer.corp_name,
      follows: presentFollows(follows, tags, nameOf),
      sources: adds
        .filter((a) => a.contact_way_id !== null && a.code_kind !== null)
        .map((a) => presentSource(a, tags, nameOf))
        .reverse(),
      groups: groups.map(presentGroup),
      timeline: buildTimeline({ follows, adds, groups, events, tags, nameOf }),
    };
  }
}

function presentFollows(rows: FollowRow[], tags: Map<string, TagRow>, nameOf: (u: string) => string): CustomerFollow[] {
  const live = (f: FollowRow) => f.deleted_at === null && (f.deleted_by_customer_at ?? null) === null;
  return [...rows]
    .sort((a, b) => Number(live(b)) - Number(live(a)) || a.createtime - b.createtime || a.userid.localeCompare(b.userid))
    .map((f) => ({
      userid: f.userid,
      memberName: nameOf(f.userid),
      memberAvatar: f.member_avatar ?? '',
      remark: f.remark,
      description: f.description,
      remarkMobiles: parseKeys(f.remark_mobiles ?? '[]'),
      createdAt: Number(f.createtime),
      tags: followTags(parseKeys(f.tag_ids), tags),
      addWay: Number(f.add_way),
      state: f.state,
      deletedAt: f.deleted_at,
      deletedByCustomerAt: f.deleted_by_customer_at ?? null,
    }));
}

/** In the tag list's order (groups, then tags, by WeCom's order, larger first); unknown ids left out. */
function followTags(ids: string[], tags: Map<string, TagRow>): CustomerTag[] {
  return [...new Set(ids)]
    .map((id) => tags.get(id))
    .filter((t): t is TagRow => t !== undefined)
    .sort(
      (a, b) =>
        Number(b.group_order ?? 0) - Number(a.group_order ?? 0) ||
        a.group_id.localeCompare(b.group_id) ||
        Number(b.order) - Number(a.order) ||
        a.id.localeCompare(b.id),
    )
    .map((t) => ({ id: t.id, name: t.name, groupId: t.group_id, groupName: t.group_name ?? '' }));
}

function codeOf(a: AddRow): { name: string; deleted: boolean } {
  // A one-customer-one-code code is named after its lead: the operator knows the batch.
  const lead = a.code_kind === 'lead';
  const name = (lead ? a.batch_name : null) ?? a.code_name ?? '';
  const deleted = lead ? a.batch_id === null || a.batch_deleted_at !== null : a.code_deleted_at !== null;
  return { name: deleted ? `${name}${DELETED_SUFFIX}` : name, deleted };
}

function presentSource(a: AddRow, tags: Map<string, TagRow>, nameOf: (u: string) => string): CustomerSource {
  const code = codeOf(a);
  return {
    addId: a.id,
    kind: a.code_kind!,
    contactWayId: a.contact_way_id!,
    codeName: code.name,
    codeDeleted: code.deleted,
    leadId: a.lead_id,
    leadName: a.lead_name ?? '',
    batchId: a.code_kind === 'lead' ? a.batch_id : null,
    userid: a.userid,
    memberName: nameOf(a.userid),
    addedAt: a.added_at,
    welcomeStatus: a.welcome_status,
    welcomeAt: a.welcome_at,
    welcomeError: a.welcome_error,
    tagStatus: a.tag_status,
    tagNames: appliedTagNames(a, tags),
    deletedByMemberAt: a.deleted_by_member_at,
    deletedByCustomerAt: a.deleted_by_customer_at,
  };
}

const appliedTagNames = (a: AddRow, tags: Map<string, TagRow>) => parseKeys(a.tag_ids).map((id) => tags.get(id)?.name ?? DELETED_TAG);

function presentGroup(g: GroupRow): CustomerGroup {
  return {
    chatId: g.chat_id,
    name: g.name || UNNAMED_GROUP,
    ownerName: g.owner_name ?? g.owner ?? '',
    joinedAt: Number(g.join_time),
    joinScene: Number(g.join_scene),
    leftAt: g.left_at,
  };
}

function addText(a: AddRow, member: string): string {
  if (a.contact_way_id === null || a.code_kind === null) return `添加成员 ${member}`;
  const code = codeOf(a);
  const lead = a.code_kind === 'lead' && a.lead_name ? `（线索：${a.lead_name}）` : '';
  return `通过${SOURCE_KIND_LABEL[a.code_kind]}「${code.name}」添加成员 ${member}${lead}`;
}

const TIMELINE_EVENT_KINDS = new Set(['tag', 'untag', 'remark', 'push', 'transfer']);

function eventDetail(e: CustomerEventRow): Record<string, unknown> {
  try {
    const d: unknown = JSON.parse(e.detail);
    return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const eventTagIds = (e: CustomerEventRow) => (e.kind === 'tag' || e.kind === 'untag' ? strings(eventDetail(e).tagIds) : []);

/** One customer_event row as a line of the timeline (its detail as the recording domain wrote it). */
function eventEntry(e: CustomerEventRow, tags: Map<string, TagRow>, nameOf: (u: string) => string): { kind: TimelineKind; level: TimelineLevel; text: string } {
  const d = eventDetail(e);
  const member = e.userid ? nameOf(e.userid) : '';
  const by = member ? `成员 ${member} ` : '';
  const names = () => eventTagIds(e).map((id) => tags.get(id)?.name ?? DELETED_TAG).join('、');
  switch (e.kind) {
    case 'tag':
      return { kind: 'tag', level: 'info', text: `${by}打上标签：${names()}` };
    case 'untag':
      return { kind: 'tag', level: 'info', text: `${by}移除标签：${names()}` };
    case 'remark': {
      const parts = [`备注「${typeof d.remark === 'string' ? d.remark : ''}」`];
      if (typeof d.description === 'string' && d.description) parts.push(`描述「${d.description}」`);
      const mobiles = strings(d.remarkMobiles);
      if (mobiles.length) parts.push(`电话 ${mobiles.join('、')}`);
      return { kind: 'remark', level: 'info', text: `${by}修改了${parts.join('，')}` };
    }
    case 'push':
      return { kind: 'push', level: 'info', text: typeof d.name === 'string' && d.name ? `收到群发「${d.name}」` : `${by}向客户群发了消息` };
    default: {
      const to = typeof d.toUserid === 'string' ? nameOf(d.toUserid) : '';
      return { kind: 'transfer', level: 'info', text: to ? `客户由 ${member || '原成员'} 转接给 ${to}` : `${by}的客户已转接` };
    }
  }
}

const withReason = (head: string, reason: string | null) => (reason ? `${head}：${reason}` : head);

/** Add events first, each followed by what came of it; ties in time keep that order. */
function buildTimeline(input: {
  follows: FollowRow[];
  adds: AddRow[];
  groups: GroupRow[];
  events: CustomerEventRow[];
  tags: Map<string, TagRow>;
  nameOf: (u: string) => string;
}): TimelineEntry[] {
  const { follows, adds, groups, events, tags, nameOf } = input;
  const out: Array<TimelineEntry & { seq: number }> = [];
  const push = (at: number | null | undefined, kind: TimelineKind, level: TimelineLevel, text: string) => {
    if (at === null || at === undefined || !Number.isFinite(at)) return;
    out.push({ at: Number(at), kind, level, text, seq: out.length });
  };

  for (const a of adds) {
    const member = nameOf(a.userid);
    push(a.added_at, 'add', 'success', addText(a, member));
    const welcomeAt = a.welcome_at ?? a.added_at;
    if (a.welcome_status === 'sent') push(welcomeAt, 'welcome', 'success', '欢迎语已发送');
    else if (a.welcome_status === 'missed') push(welcomeAt, 'welcome', 'warning', withReason('欢迎语超时未发送', a.welcome_error));
    else if (a.welcome_status === 'failed') push(welcomeAt, 'welcome', 'error', withReason('欢迎语发送失败', a.welcome_error));
    else if (a.welcome_status === 'skipped') push(welcomeAt, 'welcome', 'info', withReason('欢迎语未发送', a.welcome_error));
    if (a.tag_status === 'done') push(a.added_at, 'tag', 'info', `打上标签：${appliedTagNames(a, tags).join('、')}`);
    else if (a.tag_status === 'failed') push(a.added_at, 'tag', 'error', withReason('自动打标签失败', a.tag_error));
    else if (a.tag_error) push(a.added_at, 'tag', 'warning', withReason('未打上标签', a.tag_error));
    push(a.deleted_by_customer_at, 'delete', 'error', `客户删除了成员 ${member}`);
    push(a.deleted_by_member_at, 'delete', 'error', `成员 ${member} 删除了客户`);
  }

  // Relations known only from WeCom (added before the work space was connected, or a deletion found
  // by a sync): the relation's current state, unless an add event already tells it.
  for (const f of follows) {
    const member = nameOf(f.userid);
    const latest = adds.filter((a) => a.userid === f.userid).at(-1);
    if (!latest) {
      const way = Number(f.add_way);
      // The way after the name: 「通过」 before WeCom's labels reads badly (「通过视频号添加添加成员」).
      const how = way && ADD_WAY_LABEL[way] ? `（${ADD_WAY_LABEL[way]}）` : '';
      push(f.createtime, 'add', 'success', `添加成员 ${member}${how}`);
    }
    if (!latest || latest.deleted_by_customer_at === null) push(f.deleted_by_customer_at, 'delete', 'error', `客户删除了成员 ${member}`);
    if (!latest || latest.deleted_by_member_at === null) push(f.deleted_at, 'delete', 'error', `成员 ${member} 删除了客户`);
  }

  for (const g of [...groups].reverse()) {
    const name = g.name || UNNAMED_GROUP;
    push(g.join_time, 'group', 'info', `加入客户群「${name}」`);
    push(g.left_at, 'group', 'warning', `退出客户群「${name}」`);
  }

  for (const e of [...events].reverse()) {
    const entry = eventEntry(e, tags, nameOf);
    push(Number(e.at), entry.kind, entry.level, entry.text);
  }

  return out.sort((x, y) => y.at - x.at || y.seq - x.seq).map(({ seq: _seq, ...e }) => e);
}

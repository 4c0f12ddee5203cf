// One simulated corp. Customers and follow relations live in parallel columns (typed arrays for
// numbers, shared strings, interned tag lists) so a corp of 200,000 customers stays small; the
// lookups by id, by customer and by member are built the first time they are needed and kept up to
// date from then on.
export interface Department {
  id: number;
  name: string;
  parentid: number;
  order: number;
  department_leader: string[];
}

export interface Member {
  userid: string;
  name: string;
  department: number[];
  order: number[];
  position: string;
  mobile: string;
  gender: string;
  email: string;
  is_leader_in_dept: number[];
  avatar: string;
  thumb_avatar: string;
  alias: string;
  status: number;
  main_department: number;
  /** Has the customer-contact permission (is in get_follow_user_list). */
  contact: boolean;
  /** Epoch seconds the member left the corp: gone from the address book, their customers wait to be reassigned. */
  departed_at?: number;
}

/**
 * One customer handed from one member to another (在职继承, or 离职继承 when `resigned`). WeCom's
 * status: 1 taken over, 2 waiting (the customer has 24 hours to refuse), 3 refused, 4 the taker is at
 * their customer limit.
 */
export interface Transfer {
  handover: string;
  takeover: string;
  external_userid: string;
  resigned: boolean;
  status: 1 | 2 | 3 | 4;
  /** Epoch seconds (simulator clock). */
  started: number;
  /** Epoch seconds it ended (0 while waiting). */
  ended: number;
}

/** A customer accepts a transfer on their own after this long (WeCom: 24 hours). */
export const TRANSFER_WAIT_S = 24 * 3600;

export interface Tag {
  id: string;
  name: string;
  create_time: number;
  order: number;
  deleted: boolean;
}
export interface TagGroup {
  group_id: string;
  group_name: string;
  create_time: number;
  order: number;
  deleted: boolean;
  tag: Tag[];
}

export interface GroupMember {
  userid: string;
  type: 1 | 2;
  join_time: number;
  join_scene: number;
  invitor?: { userid: string };
  group_nickname: string;
  name: string;
  unionid?: string;
  state?: string;
}
export interface GroupChat {
  chat_id: string;
  name: string;
  owner: string;
  create_time: number;
  notice: string;
  /** 0 normal, 1 owner left, 2 inheriting, 3 inherited. */
  status: number;
  member_list: GroupMember[];
  admin_list: Array<{ userid: string }>;
  member_version: number;
}

export interface ContactWay {
  config_id: string;
  type: number;
  scene: number;
  style?: number;
  remark: string;
  skip_verify: boolean;
  state: string;
  user: string[];
  party: number[];
  is_temp: boolean;
  expires_in?: number;
  chat_expires_in?: number;
  unionid?: string;
  conclusions?: unknown;
  /** Base of the QR image URL: SIM_PUBLIC_URL or the origin of the call that made the way (none for sample ways: the reader's). */
  qrBase?: string;
  create_time: number;
  /** Epoch ms; temporary ways only. */
  expiresAt?: number;
  /** Every change of the user list, oldest first (at: epoch ms). */
  history: WayChange[];
  /** Epoch ms, once del_contact_way removed it. */
  deletedAt?: number;
}

export interface WayChange {
  at: number;
  user: string[];
  change: 'add' | 'update' | 'delete' | 'expire';
}

/** A welcome message accepted by send_welcome_msg. */
export interface WelcomeMessage {
  welcomeCode: string;
  userid: string;
  externalUserid: string;
  text: string;
  attachments: unknown[];
  sentAt: number;
}

/** qr_code of a scene-2 way: the simulator's own PNG, under the way's base or else `base`. */
export const qrCodeOf = (w: ContactWay, base: string) => (w.scene === 2 ? `${w.qrBase ?? base}/wwpic/${w.config_id}.png` : '');

// deleted or expired ways and welcome messages are kept for the control API, within these caps
export const REMOVED_WAYS_KEPT = 10_000;
export const WELCOME_MESSAGES_KEPT = 10_000;
export const WAY_HISTORY_KEPT = 1_000;

export interface MassMessage {
  msgid: string;
  creator: string;
  create_type: 1 | 2;
  create_time: number;
  chat_type: 'single' | 'group';
  text?: unknown;
  attachments: unknown[];
  /** Per sender: 0 not sent, 2 sent. */
  tasks: Map<string, { status: number; send_time?: number }>;
  /** Per sender, the customers (or groups) it goes to. */
  targets: Map<string, Array<{ external_userid?: string; chat_id?: string }>>;
  /** Per sender, each target's result fixed when the member confirmed (1 sent, 2 not a friend, 3 already received another). */
  results?: Map<string, number[]>;
  /** cancel_groupmsg_send: members who have not sent can no longer send (ms). */
  cancelledAt?: number;
  /** remind_groupmsg_send calls (ms), newest last. */
  reminders?: number[];
}

export interface MomentTask {
  jobid: string;
  moment_id: string;
  create_time: number;
  creator: string;
  senders: string[];
  /** Per sender: when it published (seconds). */
  published: Map<string, number>;
  invalid_sender_list: string[];
  invalid_tag_list: string[];
  /** cancel_moment_task: members who have not published can no longer. */
  cancelled: boolean;
  text?: unknown;
  attachments: unknown[];
}

export interface AppMessage {
  msgid: string;
  agentid: number;
  touser: string[];
  text: string;
  sentAt: number;
}
export const APP_MESSAGES_KEPT = 1000;

export interface CallbackConfig {
  url: string;
  token: string;
  encodingAesKey: string;
  verified: boolean;
}

export interface FollowInput {
  createtime: number;
  remark?: string;
  description?: string;
  tags?: string[] | null;
  add_way: number;
  state?: string;
  oper_userid: string;
}

const NONE = '';

/** A typed array with room for at least `need` slots (doubling), keeping its contents. */
function room<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 1024));
  next.set(a);
  return next;
}

export class Corp {
  departments: Department[] = [];
  members: Member[] = [];
  tagGroups: TagGroup[] = [];
  groups: GroupChat[] = [];
  contactWays: ContactWay[] = [];
  /** Deleted or expired ways, oldest first (REMOVED_WAYS_KEPT at most). */
  removedWays: ContactWay[] = [];
  /** Oldest first (WELCOME_MESSAGES_KEPT at most). */
  welcomeMessages: WelcomeMessage[] = [];
  massMessages: MassMessage[] = [];
  /** Mass messages each customer received (send times, s), for WeCom's monthly cap per customer. */
  massReceived = new Map<string, number[]>();
  moments: MomentTask[] = [];
  /** Application messages sent to members (message/send), oldest first (APP_MESSAGES_KEPT at most). */
  appMessages: AppMessage[] = [];
  /** Oldest first. */
  transfers: Transfer[] = [];
  welcomeCodes = new Map<string, { userid: string; external_userid: string; expiresAt: number; used: boolean }>();
  media = new Map<string, { type: string; size: number; createdAt: number; expiresAt: number; name: string }>();
  callback: CallbackConfig | null = null;

  // customers, one slot each (cId.length of them)
  cId: string[] = [];
  cName: string[] = [];
  cType = new Uint8Array(0);
  cGender = new Uint8Array(0);
  cUnionid: string[] = [];
  cCorp: string[] = [];

  // follow relations, one slot each (fLength of them; typed columns have spare room)
  fLength = 0;
  fCust = new Int32Array(0);
  fUser = new Int32Array(0);
  fTime = new Uint32Array(0);
  fAddWay = new Uint16Array(0);
  fAlive = new Uint8Array(0);
  /** The customer deleted the member: WeCom keeps the relation on the member's side until the member deletes it too. */
  fLost = new Uint8Array(0);
  fRemark: string[] = [];
  fDesc: string[] = [];
  /** Tag id lists are shared between relations with the same tags: replace, never change in place. */
  fTags: Array<string[] | null> = [];
  fState: string[] = [];
  fOper: string[] = [];
  fMobiles: Array<string[] | null> = [];
  fCompany: string[] = [];

  private tagLists = new Map<string, string[]>();

  private idxCust?: Map<string, number>;
  private idxMember?: Map<string, number>;
  private idxFollowsOfCust?: number[][];
  private idxFollowsOfMember?: number[][];
  private idxTag?: Map<string, { tag: Tag; group: TagGroup }>;

  constructor(
    readonly corpId: string,
    readonly corpName: string,
    readonly agentId: number,
    readonly secret: string,
    readonly contactSecret: string,
    readonly seed: string,
  ) {}

  get customerCount() {
    return this.cId.length;
  }

  /** Live follow relations. */
  get followCount() {
    let n = 0;
    for (let i = 0; i < this.fLength; i++) n += this.fAlive[i]!;
    return n;
  }

  /** One shared array per distinct tag list (null for none). */
  internTags(ids: readonly string[] | null | undefined): string[] | null {
    if (!ids || !ids.length) return null;
    const key = ids.join(',');
    let list = this.tagLists.get(key);
    if (!list) this.tagLists.set(key, (list = [...ids]));
    return list;
  }

  // ---- lookups

  customerIndex(externalUserid: string): number | undefined {
    if (!this.idxCust) {
      this.idxCust = new Map();
      for (let i = 0; i < this.cId.length; i++) this.idxCust.set(this.cId[i]!, i);
    }
    return this.idxCust.get(externalUserid);
  }

  memberIndex(userid: string): number | undefined {
    if (!this.idxMember) {
      this.idxMember = new Map();
      this.members.forEach((m, i) => this.idxMember!.set(m.userid, i));
    }
    return this.idxMember.get(userid);
  }

  member(userid: string): Member | undefined {
    const i = this.memberIndex(userid);
    return i === undefined ? undefined : this.members[i];
  }

  /** Live follow relations of a customer, oldest first. */
  followsOfCustomer(ci: number): number[] {
    if (!this.idxFollowsOfCust) {
      const idx: number[][] = Array.from({ length: this.cId.length }, () => []);
      for (let f = 0; f < this.fLength; f++) if (this.fAlive[f]) idx[this.fCust[f]!]!.push(f);
      this.idxFollowsOfCust = idx;
    }
    return this.idxFollowsOfCust[ci] ?? [];
  }

  /** Live follow relations of a member, oldest first. */
  followsOfMember(mi: number): number[] {
    if (!this.idxFollowsOfMember) {
      const idx: number[][] = Array.from({ length: this.members.length }, () => []);
      for (let f = 0; f < this.fLength; f++) if (this.fAlive[f]) idx[this.fUser[f]!]!.push(f);
      this.idxFollowsOfMember = idx;
    }
    return this.idxFollowsOfMember[mi] ?? [];
  }

  findFollow(ci: number, mi: number): number | undefined {
    return this.followsOfCustomer(ci).find((f) => this.fUser[f] === mi);
  }

  tag(id: string): { tag: Tag; group: TagGroup } | undefined {
    if (!this.idxTag) this.reindexTags();
    return this.idxTag!.get(id);
  }

  reindexTags() {
    this.idxTag = new Map();
    for (const g of this.tagGroups) for (const t of g.tag) this.idxTag.set(t.id, { tag: t, group: g });
  }

  /** Member names of a user list (the userid when unknown). */
  memberNames(userids: readonly string[]): string[] {
    return userids.map((u) => this.member(u)?.name ?? u);
  }

  group(chatId: string): GroupChat | undefined {
    return this.groups.find((g) => g.chat_id === chatId);
  }

  // ---- changes

  addMember(m: Member) {
    this.members.push(m);
    this.idxMember?.set(m.userid, this.members.length - 1);
    this.idxFollowsOfMember?.push([]);
  }

  addCustomer(c: { external_userid: string; name: string; type: number; gender: number; unionid?: string; corp_name?: string }): number {
    const ci = this.cId.length;
    this.cType = room(this.cType, ci + 1);
    this.cGender = room(this.cGender, ci + 1);
    this.cId.push(c.external_userid);
    this.cName.push(c.name);
    this.cType[ci] = c.type;
    this.cGender[ci] = c.gender;
    this.cUnionid.push(c.unionid ?? NONE);
    this.cCorp.push(c.corp_name ?? NONE);
    this.idxCust?.set(c.external_userid, ci);
    this.idxFollowsOfCust?.push([]);
    return ci;
  }

  addFollow(ci: number, mi: number, f: FollowInput): number {
    const fi = this.fLength++;
    this.fCust = room(this.fCust, fi + 1);
    this.fUser = room(this.fUser, fi + 1);
    this.fTime = room(this.fTime, fi + 1);
    this.fAddWay = room(this.fAddWay, fi + 1);
    this.fAlive = room(this.fAlive, fi + 1);
    this.fLost = room(this.fLost, fi + 1);
    this.fCust[fi] = ci;
    this.fUser[fi] = mi;
    this.fTime[fi] = f.createtime;
    this.fAddWay[fi] = f.add_way;
    this.fAlive[fi] = 1;
    this.fRemark.push(f.remark ?? NONE);
    this.fDesc.push(f.description ?? NONE);
    this.fTags.push(this.internTags(f.tags));
    this.fState.push(f.state ?? NONE);
    this.fOper.push(f.oper_userid);
    this.fMobiles.push(null);
    this.fCompany.push(NONE);
    this.idxFollowsOfCust?.[ci]?.push(fi);
    this.idxFollowsOfMember?.[mi]?.push(fi);
    return fi;
  }

  /** Records a change of a way's user list. */
  wayChanged(w: ContactWay, change: WayChange['change'], at = Date.now()) {
    w.history.push({ at, user: change === 'delete' || change === 'expire' ? [] : [...w.user], change });
    if (w.history.length > WAY_HISTORY_KEPT) w.history.splice(1, w.history.length - WAY_HISTORY_KEPT);
  }

  /** A way leaves the live list (deleted, or expired at its expiry time). */
  retireWay(w: ContactWay, change: 'delete' | 'expire', at = Date.now()) {
    if (change === 'delete') w.deletedAt = at;
    this.wayChanged(w, change, change === 'expire' ? (w.expiresAt ?? at) : at);
    this.removedWays.push(w);
    if (this.removedWays.length > REMOVED_WAYS_KEPT) this.removedWays.splice(0, this.removedWays.length - REMOVED_WAYS_KEPT);
  }

  addWelcomeMessage(m: WelcomeMessage) {
    this.welcomeMessages.push(m);
    if (this.welcomeMessages.length > WELCOME_MESSAGES_KEPT) this.welcomeMessages.splice(0, this.welcomeMessages.length - WELCOME_MESSAGES_KEPT);
  }

  removeFollow(fi: number) {
    if (!this.fAlive[fi]) return;
    this.fAlive[fi] = 0;
    const ci = this.fCust[fi]!;
    const mi = this.fUser[fi]!;
    const a = this.idxFollowsOfCust?.[ci];
    if (a) a.splice(a.indexOf(fi), 1);
    const b = this.idxFollowsOfMember?.[mi];
    if (b) b.splice(b.indexOf(fi), 1);
  }

  // ---- shapes of WeCom answers

  externalContact(ci: number): { external_userid: string; name: string; type: number; [k: string]: unknown } {
    const type = this.cType[ci]!;
    const id = this.cId[ci]!;
    const base = {
      external_userid: id,
      name: this.cName[ci]!,
      avatar: `https://wework.qpic.cn/wwhead/sim/${id.slice(2, 12)}/0`,
      type,
      gender: this.cGender[ci],
    } as { external_userid: string; name: string; type: number; [k: string]: unknown };
    if (type === 1 && this.cUnionid[ci]) base.unionid = this.cUnionid[ci];
    if (type === 2) {
      base.corp_name = this.cCorp[ci];
      base.corp_full_name = `${this.cCorp[ci]}有限公司`;
      base.position = '经理';
    }
    return base;
  }

  followUser(fi: number) {
    const tags = (this.fTags[fi] ?? []).flatMap((id) => {
      const t = this.tag(id);
      return t && !t.tag.deleted ? [{ group_name: t.group.group_name, tag_name: t.tag.name, type: 1, tag_id: id }] : [];
    });
    const out: Record<string, unknown> = {
      userid: this.members[this.fUser[fi]!]!.userid,
      remark: this.fRemark[fi],
      description: this.fDesc[fi],
      createtime: this.fTime[fi],
      tags,
      remark_corp_name: this.fCompany[fi] || undefined,
      remark_mobiles: this.fMobiles[fi] ?? [],
      oper_userid: this.fOper[fi],
      add_way: this.fAddWay[fi],
    };
    if (this.fState[fi]) out.state = this.fState[fi];
    if (!out.remark_corp_name) delete out.remark_corp_name;
    return out;
  }

  /** The follow_info of batch/get_by_user. */
  followInfo(fi: number) {
    const out: Record<string, unknown> = {
      userid: this.members[this.fUser[fi]!]!.userid,
      remark: this.fRemark[fi],
      description: this.fDesc[fi],
      createtime: this.fTime[fi],
      tag_id: (this.fTags[fi] ?? []).filter((id) => this.tag(id) && !this.tag(id)!.tag.deleted),
      remark_mobiles: this.fMobiles[fi] ?? [],
      oper_userid: this.fOper[fi],
      add_way: this.fAddWay[fi],
    };
    if (this.fState[fi]) out.state = this.fState[fi];
    return out;
  }

  liveTagGroups() {
    return this.tagGroups.filter((g) => !g.deleted).map((g) => ({ ...g, tag: g.tag.filter((t) => !t.deleted) }));
  }

  summary() {
    return {
      corpId: this.corpId,
      corpName: this.corpName,
      agentId: this.agentId,
      seed: this.seed,
      departments: this.departments.length,
      members: this.members.length,
      customers: this.customerCount,
      follows: this.followCount,
      groups: this.groups.length,
      tagGroups: this.tagGroups.filter((g) => !g.deleted).length,
      contactWays: this.contactWays.map((w) => ({
        config_id: w.config_id,
        state: w.state,
        remark: w.remark,
        user: w.user,
        userNames: this.memberNames(w.user),
        is_temp: w.is_temp,
        expiresAt: w.expiresAt ?? null,
      })),
      callback: this.callback ? { url: this.callback.url, verified: this.callback.verified } : null,
    };
  }

  /** A few recent things to act on (for the page): follow relations, groups, tags. */
  picks() {
    const recent: Array<{ externalUserid: string; name: string; userid: string; memberName: string }> = [];
    for (let f = this.fLength - 1; f >= 0 && recent.length < 20; f--) {
      if (!this.fAlive[f]) continue;
      const m = this.members[this.fUser[f]!]!;
      recent.push({ externalUserid: this.cId[this.fCust[f]!]!, name: this.cName[this.fCust[f]!]!, userid: m.userid, memberName: m.name });
    }
    return {
      follows: recent,
      groups: this.groups.slice(0, 20).map((g) => ({
        chatId: g.chat_id,
        name: g.name,
        owner: g.owner,
        memberCount: g.member_list.length,
        externals: g.member_list.filter((m) => m.type === 2).slice(-5).map((m) => ({ userid: m.userid, name: m.name })),
      })),
      tags: this.liveTagGroups().flatMap((g) => g.tag.map((t) => ({ id: t.id, name: t.name, groupId: g.group_id, groupName: g.group_name }))),
    };
  }

  /** `base`: what qr_code URLs start with for ways that have no base of their own. */
  snapshot(base: string) {
    return {
      corpId: this.corpId,
      corpName: this.corpName,
      agentId: this.agentId,
      departments: this.departments,
      members: this.members.map(({ contact, ...m }) => ({ ...m, customer_contact: contact })),
      customers: this.cId.map((_, ci) => ({
        ...this.externalContact(ci),
        follow_user: this.followsOfCustomer(ci).map((fi) => (this.fLost[fi] ? { ...this.followUser(fi), deleted_by_customer: true } : this.followUser(fi))),
      })),
      tagGroups: this.liveTagGroups(),
      groups: this.groups.map(({ member_version: _v, ...g }) => g),
      contactWays: this.contactWays.map((way) => {
        const { expiresAt: _e, qrBase: _b, history: _h, deletedAt: _d, ...w } = way;
        return { ...w, qr_code: qrCodeOf(way, base) };
      }),
      welcomeMessages: this.welcomeMessages.slice().reverse(),
    };
  }
}

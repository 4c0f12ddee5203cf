// 渠道活码: multi-member contact ways with distribution, caps, backups, schedule, auto-tags and a
// welcome message; their groups; and what the list and detail pages show about them.
import { dayStart } from '@scrm/contracts/china-time';
import type {
  ChannelCode,
  ChannelCodeInput,
  ChannelCodeList,
  ChannelCodeListBody,
  ChannelCodeUpdateBody,
  CodeGroupList,
  CodeMember,
  CodeMemberList,
  Distribution,
  WelcomeMessage,
} from '@scrm/contracts/contact-way';
import { EMPTY_WELCOME } from '@scrm/contracts/contact-way';
import type { WeeklySchedule } from '@scrm/contracts/china-time';
import { WecomError } from '@scrm/wecom/errors';
import type { AuthContext } from '../../auth/session.service.js';
import { isUniqueViolation, parseJsonColumn } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { wecomFailure } from '../../wecom/wecom-gateway.js';
import type { WorkSpace } from '../../workspace/workspace.repository.js';
import type { ContactWay, ContactWayMember } from '../contact-way.repository.js';
import { capOf, type ContactWayService, type UserPlan } from '../contact-way.service.js';
import { CodeKindService } from '../code-kind.js';

const notFound = () => new AppError(404, '渠道活码不存在');

export class ChannelCodeService extends CodeKindService {
  constructor(contactWays: ContactWayService) {
    super(contactWays, 'channel', notFound);
  }

  // ---------------------------------------------------------------- reading

  async list(ws: WorkSpace, body: ChannelCodeListBody): Promise<ChannelCodeList> {
    const q = { kind: 'channel' as const, keyword: body.keyword, groupId: body.groupId, userid: body.userid };
    const { rows, total } = await this.contactWays.page(ws, q, body.page, body.pageSize);
    return { list: await this.present(ws, rows), total };
  }

  async info(ws: WorkSpace, id: number): Promise<ChannelCode> {
    return (await this.present(ws, [await this.find(ws, id)]))[0]!;
  }

  async members(ws: WorkSpace, id: number): Promise<CodeMemberList> {
    const code = (await this.present(ws, [await this.find(ws, id)]))[0]!;
    return { list: code.members, receivingUsers: code.receivingUsers, noneAvailable: code.noneAvailable };
  }

  /** Codes as the pages show them, with members' states and today's figures (few queries for a page). */
  private async present(ws: WorkSpace, codes: ContactWay[]): Promise<ChannelCode[]> {
    if (!codes.length) return [];
    const ids = codes.map((c) => c.id);
    const today = dayStart(this.now);
    const [members, counts, memberCounts, groups] = await Promise.all([
      this.repo.membersOf(ids),
      this.repo.codeCounts(ids, today),
      this.repo.memberCountsOf(ids, today),
      this.repo.groupNames(ws.id),
    ]);
    const userids = [...new Set(members.map((m) => m.userid))];
    const [info, offline, seated, tags] = await Promise.all([
      this.repo.memberInfo(ws.id, userids),
      this.contactWays.risk.activeByMember(ws.id, userids),
      this.contactWays.seatedOf(ws.id, userids),
      this.repo.tagNames(ws.id, codes.flatMap((c) => parseJsonColumn<string[]>(c.tag_ids, []))),
    ]);
    const groupNames = new Map(groups.map((g) => [g.id, g.name]));
    return codes.map((code) => {
      const own = members.filter((m) => m.contact_way_id === code.id);
      // Reasons only (no round-robin position needed): who may receive, and why not.
      const plan: UserPlan = this.contactWays.plan(code, own, offline, null, this.now, seated);
      const receiving = parseJsonColumn<string[]>(code.current_users, []);
      const mc = memberCounts.get(code.id);
      const list: CodeMember[] = own.map((m) => ({
        userid: m.userid,
        name: info.get(m.userid)?.name ?? m.userid,
        avatar: info.get(m.userid)?.avatar ?? '',
        backup: m.backup === 1,
        dailyCap: m.daily_cap,
        effectiveCap: capOf(code, m),
        addsToday: mc?.get(m.userid)?.today ?? 0,
        addsTotal: mc?.get(m.userid)?.total ?? 0,
        switchOn: m.online === 1,
        receiving: receiving.includes(m.userid),
        offlineReasons: plan.members.get(m.userid)?.reasons ?? [],
      }));
      const tagIds = parseJsonColumn<string[]>(code.tag_ids, []);
      const c = counts.get(code.id);
      return {
        id: code.id,
        name: code.name,
        groupId: code.group_id,
        groupName: code.group_id ? (groupNames.get(code.group_id) ?? '') : '',
        state: code.state,
        configId: code.config_id ?? '',
        qrCode: code.qr_code,
        status: code.status,
        error: code.error,
        distribution: code.distribution as Distribution,
        dailyCap: code.daily_cap,
        schedule: parseJsonColumn<WeeklySchedule>(code.schedule, []),
        tagIds,
        tagNames: tagIds.map((id) => tags.get(id) ?? '（已删除的标签）'),
        welcome: parseJsonColumn<WelcomeMessage>(code.welcome, EMPTY_WELCOME),
        skipVerify: code.skip_verify === 1,
        remark: code.remark,
        members: list,
        receivingUsers: receiving,
        noneAvailable: plan.users.length === 0,
        addsToday: c?.today ?? 0,
        addsTotal: c?.total ?? 0,
        lostToday: c?.lostToday ?? 0,
        createdAt: code.created_at,
        updatedAt: code.updated_at,
      };
    });
  }

  // ---------------------------------------------------------------- writing

  private async check(ws: WorkSpace, input: ChannelCodeInput): Promise<void> {
    if (!input.name.trim()) throw new AppError(400, '请填写活码名称');
    if (!input.members.some((m) => !m.backup)) throw new AppError(400, '至少需要一位接待成员（备用成员之外）');
    await this.contactWays.checkMembers(ws.id, input.members.map((m) => m.userid));
    if (input.groupId) await this.group(ws, input.groupId);
    await this.contactWays.checkTags(ws.id, input.tagIds);
    await this.contactWays.checkWelcome(ws.id, input.welcome);
    this.contactWays.checkSchedule(input.schedule);
  }

  private memberRows(input: ChannelCodeInput, previous: ContactWayMember[] = []) {
    return input.members.map((m, i) => ({
      userid: m.userid,
      sort: i,
      daily_cap: m.dailyCap ?? null,
      backup: m.backup ? 1 : 0,
      // A member kept on the code keeps the operator's on/off switch.
      online: previous.find((p) => p.userid === m.userid)?.online ?? 1,
    }));
  }

  private fields(input: ChannelCodeInput) {
    return {
      name: input.name.trim(),
      group_id: input.groupId ?? null,
      skip_verify: input.skipVerify ? 1 : 0,
      distribution: input.distribution,
      daily_cap: input.dailyCap,
      schedule: JSON.stringify(input.schedule),
      tag_ids: JSON.stringify([...new Set(input.tagIds)]),
      welcome: JSON.stringify(input.welcome),
      remark: input.remark?.trim() ?? '',
    };
  }

  /** Creates the WeCom contact way first (an operator sees WeCom's refusal at once), then stores it. */
  async add(ws: WorkSpace, caller: AuthContext, input: ChannelCodeInput): Promise<ChannelCode> {
    await this.check(ws, input);
    const now = this.now;
    const draft: ContactWay = {
      id: 0,
      work_space_id: ws.id,
      kind: 'channel',
      ...this.fields(input),
      lead_batch_id: null,
      config_id: null,
      qr_code: '',
      state: this.contactWays.newState('channel'),
      way_type: 2,
      current_users: '[]',
      status: 'creating',
      error: null,
      expires_at: null,
      created_by: caller.accountId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      creating_by: null,
      creating_at: null,
    };
    const rows = this.memberRows(input);
    const seated = await this.contactWays.requireSeats(ws, input.members);
    const plan = this.contactWays.plan(draft, rows.map((r) => ({ ...r, contact_way_id: 0, work_space_id: ws.id })), await this.contactWays.risk.activeByMember(ws.id, rows.map((r) => r.userid)), null, now, seated);
    // Nobody can receive right now (all offline): WeCom needs someone; the regular members holding a seat are listed.
    const regular = rows.filter((r) => !r.backup).map((r) => r.userid);
    const users = plan.users.length ? plan.users : regular.filter((u) => !seated || seated.has(u));
    let created: { configId: string; qrCode: string } | undefined;
    const asked = Date.now();
    try {
      created = await this.contactWays.createInWecom(ws, draft, users);
    } catch (err) {
      // No answer in time: WeCom may still make it. The code is kept as 「生成中」 and its job adopts the
      // way WeCom made (found by its state), or makes it.
      if (!(err instanceof WecomError && err.unanswered)) throw wecomFailure(err);
    }
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        const { id: _ignored, ...values } = draft;
        const made = created ? { config_id: created.configId, qr_code: created.qrCode, status: 'active' as const, current_users: JSON.stringify(users) } : {};
        const newId = await this.repo.insert({ ...values, ...made }, trx);
        await this.repo.replaceMembers(newId, ws.id, rows, trx);
        if (!created) await this.contactWays.enqueueCreate(ws.id, [newId], { trx, lookSince: asked, afterUnanswered: true });
        return newId;
      });
    } catch (err) {
      // Not stored: take the WeCom side back so nothing is left half made.
      if (created) await (await this.contactWays.deps.gateway.corp(ws)).delContactWay(created.configId).catch(() => undefined);
      throw err;
    }
    await this.contactWays.warmWelcome(ws.id, id, input.welcome);
    return this.info(ws, id);
  }

  async update(ws: WorkSpace, input: ChannelCodeUpdateBody): Promise<ChannelCode> {
    const code = await this.find(ws, input.id);
    await this.check(ws, input);
    await this.contactWays.requireSeats(ws, input.members);
    const previous = await this.repo.members(code.id);
    const rows = this.memberRows(input, previous);
    const fields = this.fields(input);
    if (code.config_id && (fields.name !== code.name || fields.skip_verify !== code.skip_verify)) {
      try {
        await (await this.contactWays.deps.gateway.corp(ws)).updateContactWay({ config_id: code.config_id, remark: fields.name.slice(0, 30), skip_verify: fields.skip_verify === 1 });
      } catch (err) {
        throw wecomFailure(err);
      }
    }
    // WeCom never made the code's way (it refused every try): saving it tries again with what was saved.
    const again = !code.config_id && code.status === 'failed';
    await this.repo.transaction(async (trx) => {
      await this.repo.update(code.id, { ...fields, ...(again ? { status: 'creating' as const, error: null } : {}), updated_at: this.now }, trx);
      await this.repo.replaceMembers(code.id, ws.id, rows, trx);
      if (again) await this.contactWays.enqueueCreate(ws.id, [code.id], { trx, attempt: Date.now(), lookSince: code.created_at });
    });
    const fresh = (await this.repo.find(ws.id, code.id))!;
    const members = await this.repo.members(code.id);
    const capBefore = new Map(previous.map((m) => [m.userid, capOf(code, m)]));
    const caps = new Map(members.map((m) => [m.userid, capOf(fresh, m)]));
    const changed = new Set([...caps].filter(([u, cap]) => capBefore.get(u) !== cap).map(([u]) => u));
    await this.contactWays.risk.recheckCodeCaps(ws.id, fresh, caps, changed);
    await this.push(ws, code.id);
    await this.contactWays.warmWelcome(ws.id, code.id, input.welcome);
    return this.info(ws, code.id);
  }

  async delete(ws: WorkSpace, id: number): Promise<void> {
    await this.contactWays.remove(ws, await this.find(ws, id));
  }

  /** The operator's on/offline switch of a member on a code; WeCom's list follows at once. */
  async setMemberState(ws: WorkSpace, body: { id: number; userid: string; online: boolean }): Promise<CodeMemberList> {
    const code = await this.find(ws, body.id);
    if (!(await this.repo.setMemberOnline(code.id, body.userid, body.online))) throw new AppError(404, '该成员不在此活码中');
    await this.push(ws, code.id);
    return this.members(ws, code.id);
  }

  private async push(ws: WorkSpace, id: number): Promise<void> {
    const fresh = await this.repo.find(ws.id, id);
    if (!fresh) return;
    try {
      await this.contactWays.pushUsers(ws, fresh);
    } catch (err) {
      throw wecomFailure(err);
    }
  }

  // ---------------------------------------------------------------- groups

  private async group(ws: WorkSpace, id: number) {
    const g = await this.repo.findGroup(ws.id, id);
    if (!g) throw new AppError(404, '分组不存在');
    return g;
  }

  async groups(ws: WorkSpace, keyword?: string): Promise<CodeGroupList> {
    const [groups, n] = await Promise.all([this.repo.groups(ws.id, keyword?.trim() || undefined), this.repo.channelCountsByGroup(ws.id)]);
    return { list: groups.map((g) => ({ id: g.id, name: g.name, count: n.get(g.id) ?? 0 })), ungrouped: n.get(null) ?? 0 };
  }

  async groupInfo(ws: WorkSpace, id: number) {
    const g = await this.group(ws, id);
    const list = await this.groups(ws);
    return list.list.find((x) => x.id === g.id)!;
  }

  async addGroup(ws: WorkSpace, name: string) {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError(400, '请填写分组名称');
    try {
      const id = await this.repo.insertGroup(ws.id, trimmed, this.now);
      return { id, name: trimmed, count: 0 };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '分组名称已存在');
      throw err;
    }
  }

  async renameGroup(ws: WorkSpace, id: number, name: string) {
    await this.group(ws, id);
    const trimmed = name.trim();
    if (!trimmed) throw new AppError(400, '请填写分组名称');
    try {
      await this.repo.renameGroup(id, trimmed);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '分组名称已存在');
      throw err;
    }
    return this.groupInfo(ws, id);
  }

  async deleteGroup(ws: WorkSpace, id: number): Promise<void> {
    await this.group(ws, id);
    await this.repo.deleteGroup(id);
  }

  async moveToGroup(ws: WorkSpace, ids: number[], groupId: number | null): Promise<void> {
    if (groupId !== null) await this.group(ws, groupId);
    if ((await this.repo.countLiveChannelCodes(ws.id, ids)) !== new Set(ids).size) throw notFound();
    await this.repo.setGroup(ids, groupId);
  }
}

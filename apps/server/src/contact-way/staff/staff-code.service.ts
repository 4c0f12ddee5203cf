// 员工活码: one single-member contact way per member, made in a batch in the background (each shows
// 「生成中」 until WeCom has it), with its own auto-tags and welcome message.
import { dayStart } from '@scrm/contracts/china-time';
import { EMPTY_WELCOME, type WelcomeMessage } from '@scrm/contracts/contact-way';
import { staffCodeName, type StaffCode, type StaffCodeAddBody, type StaffCodeList, type StaffCodeListBody, type StaffCodeUpdateBody } from '@scrm/contracts/staff-code';
import type { AuthContext } from '../../auth/session.service.js';
import { AppError } from '../../http/errors.js';
import { wecomFailure } from '../../wecom/wecom-gateway.js';
import type { WorkSpace } from '../../workspace/workspace.repository.js';
import type { ContactWay } from '../contact-way.repository.js';
import type { ContactWayService } from '../contact-way.service.js';
import { CodeKindService } from '../code-kind.js';
import { parseJsonColumn } from '../../db/database.js';

const notFound = () => new AppError(404, '员工活码不存在');

/** Rows per multi-row insert (well under SQLite's and PostgreSQL's bound-parameter limits). */
const CHUNK = 200;

export class StaffCodeService extends CodeKindService {
  constructor(contactWays: ContactWayService) {
    super(contactWays, 'staff', notFound);
  }

  // ---------------------------------------------------------------- reading

  async list(ws: WorkSpace, body: StaffCodeListBody): Promise<StaffCodeList> {
    const q = { kind: 'staff' as const, keyword: body.keyword, userid: body.userid || undefined };
    const { rows, total } = await this.contactWays.page(ws, q, body.page, body.pageSize);
    return { list: await this.present(ws, rows), total };
  }

  async info(ws: WorkSpace, id: number): Promise<StaffCode> {
    return (await this.present(ws, [await this.find(ws, id)]))[0]!;
  }

  private async present(ws: WorkSpace, codes: ContactWay[]): Promise<StaffCode[]> {
    if (!codes.length) return [];
    const ids = codes.map((c) => c.id);
    const [members, counts] = await Promise.all([this.repo.membersOf(ids), this.repo.codeCounts(ids, dayStart(this.now))]);
    const owner = new Map(members.map((m) => [m.contact_way_id, m.userid]));
    const [info, tags] = await Promise.all([
      this.repo.memberInfo(ws.id, [...owner.values()]),
      this.repo.tagNames(ws.id, codes.flatMap((c) => parseJsonColumn<string[]>(c.tag_ids, []))),
    ]);
    return codes.map((code) => {
      const userid = owner.get(code.id) ?? '';
      const tagIds = parseJsonColumn<string[]>(code.tag_ids, []);
      const c = counts.get(code.id);
      return {
        id: code.id,
        name: code.name,
        userid,
        memberName: info.get(userid)?.name ?? userid,
        avatar: info.get(userid)?.avatar ?? '',
        state: code.state,
        qrCode: code.qr_code,
        status: code.status,
        error: code.error,
        tagIds,
        tagNames: tagIds.map((id) => tags.get(id) ?? '（已删除的标签）'),
        welcome: parseJsonColumn<WelcomeMessage>(code.welcome, EMPTY_WELCOME),
        skipVerify: code.skip_verify === 1,
        addsToday: c?.today ?? 0,
        addsTotal: c?.total ?? 0,
        createdAt: code.created_at,
        updatedAt: code.updated_at,
      };
    });
  }

  // ---------------------------------------------------------------- writing

  /** One code per member, stored as 「生成中」 with its creation job in the same transaction. */
  async add(ws: WorkSpace, caller: AuthContext, body: StaffCodeAddBody): Promise<number[]> {
    const info = await this.contactWays.checkMembers(ws.id, body.userids);
    await this.contactWays.checkTags(ws.id, body.tagIds);
    await this.contactWays.checkWelcome(ws.id, body.welcome);
    const names = new Map(body.userids.map((u) => [u, staffCodeName(body.name, info.get(u)!.name)]));
    const blank = body.userids.find((u) => !names.get(u));
    if (blank) throw new AppError(400, '请填写活码名称');
    const now = this.now;
    const common = {
      work_space_id: ws.id,
      kind: 'staff' as const,
      group_id: null,
      lead_batch_id: null,
      config_id: null,
      qr_code: '',
      way_type: 1,
      skip_verify: body.skipVerify ? 1 : 0,
      distribution: 'round_robin',
      daily_cap: 0,
      schedule: '[]',
      tag_ids: JSON.stringify([...new Set(body.tagIds)]),
      welcome: JSON.stringify(body.welcome),
      current_users: '[]',
      status: 'creating' as const,
      error: null,
      remark: '',
      expires_at: null,
      created_by: caller.accountId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    const ids = await this.repo.transaction(async (trx) => {
      const out: number[] = [];
      for (let i = 0; i < body.userids.length; i += CHUNK) {
        const part = body.userids.slice(i, i + CHUNK);
        const codes = part.map((u) => ({ values: { ...common, name: names.get(u)!, state: this.contactWays.newState('staff') }, userid: u }));
        const made = await this.repo.insertOneMemberCodes(ws.id, codes, trx);
        await this.contactWays.enqueueCreate(ws.id, made, { trx });
        out.push(...made);
      }
      return out;
    });
    this.contactWays.deps.jobs.kick();
    // The media cache is per file: warming one code readies the whole batch.
    if (ids.length) await this.contactWays.warmWelcome(ws.id, ids[0]!, body.welcome);
    return ids;
  }

  /** Name and skip-verify also change on WeCom (the QR stays the same); tags and welcome are ours. */
  async update(ws: WorkSpace, body: StaffCodeUpdateBody): Promise<StaffCode> {
    const code = await this.find(ws, body.id);
    const name = body.name.trim();
    if (!name) throw new AppError(400, '请填写活码名称');
    await this.contactWays.checkTags(ws.id, body.tagIds);
    await this.contactWays.checkWelcome(ws.id, body.welcome);
    const skip = body.skipVerify ? 1 : 0;
    if (code.config_id && (name !== code.name || skip !== code.skip_verify)) {
      try {
        const api = await this.contactWays.deps.gateway.corp(ws);
        await api.updateContactWay({ config_id: code.config_id, remark: name.slice(0, 30), skip_verify: skip === 1 });
      } catch (err) {
        throw wecomFailure(err);
      }
    }
    await this.repo.update(code.id, {
      name,
      skip_verify: skip,
      tag_ids: JSON.stringify([...new Set(body.tagIds)]),
      welcome: JSON.stringify(body.welcome),
      updated_at: this.now,
    });
    await this.contactWays.warmWelcome(ws.id, code.id, body.welcome);
    return this.info(ws, code.id);
  }

  /** Every id must be a live staff code of this work space (else nothing is deleted). */
  async delete(ws: WorkSpace, ids: number[]): Promise<void> {
    const codes: ContactWay[] = [];
    for (const id of new Set(ids)) codes.push(await this.find(ws, id));
    // A code WeCom is making right now could appear there after we looked: wait until it is made.
    if (codes.some((c) => c.status === 'creating')) throw new AppError(409, '活码正在生成中，请等生成完成后再删除');
    for (const code of codes) await this.contactWays.remove(ws, code);
  }

  /** Codes WeCom refused are tried again (e.g. after the member got the customer-contact permission). */
  async retry(ws: WorkSpace, ids: number[]): Promise<void> {
    const codes: ContactWay[] = [];
    for (const id of new Set(ids)) codes.push(await this.find(ws, id));
    const failed = codes.filter((c) => c.status === 'failed');
    if (!failed.length) throw new AppError(409, '只有生成失败的活码可以重新生成');
    const now = this.now;
    await this.repo.transaction(async (trx) => {
      for (const code of failed) {
        await this.repo.update(code.id, { status: 'creating', error: null, updated_at: now }, trx);
        await this.contactWays.enqueueCreate(ws.id, [code.id], { trx, attempt: now });
      }
    });
    this.contactWays.deps.jobs.kick();
  }
}

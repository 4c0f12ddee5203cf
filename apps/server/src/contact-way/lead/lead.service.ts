// 一客一码: a batch of temporary single-member codes, one per prospective customer (a lead), so that
// every add lands on exactly its lead (AttributionService does that through the code's state). A lead
// code copies its batch's welcome, tags and skip-verify: attribution and the welcome job read the code.
import { CHINA_OFFSET_MS, DAY_MS, dayStart } from '@scrm/contracts/china-time';
import { EMPTY_WELCOME, WELCOME_STATUS_LABEL, type DaySeries, type Overview, type WelcomeMessage } from '@scrm/contracts/contact-way';
import {
  LEAD_BATCH_MAX,
  LEAD_STATUS_LABEL,
  leadProblem,
  type Lead,
  type LeadBatch,
  type LeadBatchAddBody,
  type LeadBatchList,
  type LeadBatchListBody,
  type LeadBatchStatus,
  type LeadBatchUpdateBody,
  type LeadExportBody,
  type LeadInput,
  type LeadList,
  type LeadListBody,
} from '@scrm/contracts/lead';
import type { Insertable, Transaction } from 'kysely';
import type { AuthContext } from '../../auth/session.service.js';
import type { ContactWayTable, DB } from '../../db/tables.js';
import { AppError } from '../../http/errors.js';
import { pageWindow } from '../../http/paging.js';
import { pool } from '../../lib/pool.js';
import type { WorkSpace } from '../../workspace/workspace.repository.js';
import type { CodeStatsRepository } from '../figures/code-stats.repository.js';
import { rangeOf } from '../figures/code-figures.service.js';
import type { ContactWay } from '../contact-way.repository.js';
import type { ContactWayService } from '../contact-way.service.js';
import { parseJsonColumn } from '../../db/database.js';
import type { LeadBatchRow, LeadRepository, LeadRow } from './lead.repository.js';

const batchNotFound = () => new AppError(404, '一客一码批次不存在');
const leadNotFound = () => new AppError(404, '客户不存在');

/** Rows per multi-row insert (well under SQLite's and PostgreSQL's bound-parameter limits). */
const CHUNK = 200;
/** WeCom deletions at once when a batch goes. */
const DELETE_CONCURRENCY = 4;
/** Leads in one CSV export. */
const EXPORT_PAGE = 1000;

/** 'YYYY-MM-DD HH:mm' in China time. */
const timeText = (t: number | null) => (t === null ? '' : new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' '));

/** One CSV cell: quoted when needed; a leading = + - @ cannot start a formula; long digit runs stay text in Excel. */
function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@]/.test(v)) v = `'${v}`;
  else if (/^\d{11,}$/.test(v)) v = `\t${v}`;
  return /[",\r\n\t]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export class LeadService {
  constructor(
    private readonly contactWays: ContactWayService,
    private readonly repo: LeadRepository,
    private readonly stats: CodeStatsRepository,
  ) {}

  private get now() {
    return this.contactWays.deps.clock.now();
  }

  async findBatch(ws: WorkSpace, id: number): Promise<LeadBatchRow> {
    const batch = await this.repo.findBatch(ws.id, id);
    if (!batch) throw batchNotFound();
    return batch;
  }

  // ---------------------------------------------------------------- batches

  async list(ws: WorkSpace, body: LeadBatchListBody): Promise<LeadBatchList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      this.repo.listBatches(ws.id, { keyword: body.keyword, offset, limit }),
      this.repo.countBatches(ws.id, body.keyword),
    ]);
    return { list: await this.present(ws, rows), total };
  }

  async info(ws: WorkSpace, id: number): Promise<LeadBatch> {
    return (await this.present(ws, [await this.findBatch(ws, id)]))[0]!;
  }

  private async present(ws: WorkSpace, batches: LeadBatchRow[]): Promise<LeadBatch[]> {
    if (!batches.length) return [];
    const ids = batches.map((b) => b.id);
    const now = this.now;
    const [counts, today, members, tags] = await Promise.all([
      this.repo.batchCounts(ids),
      this.repo.addsSince(ids, dayStart(now)),
      this.contactWays.repo.memberInfo(ws.id, batches.map((b) => b.userid)),
      this.contactWays.repo.tagNames(ws.id, batches.flatMap((b) => parseJsonColumn<string[]>(b.tag_ids, []))),
    ]);
    return batches.map((b) => {
      const c = counts.get(b.id) ?? { total: 0, creating: 0, failed: 0, created: 0, added: 0 };
      const status: LeadBatchStatus = now >= b.expires_at ? 'expired' : c.creating ? 'creating' : c.failed ? 'partial' : 'ready';
      const tagIds = parseJsonColumn<string[]>(b.tag_ids, []);
      return {
        id: b.id,
        name: b.name,
        userid: b.userid,
        memberName: members.get(b.userid)?.name ?? b.userid,
        avatar: members.get(b.userid)?.avatar ?? '',
        expiresAt: b.expires_at,
        status,
        total: c.total,
        created: c.created,
        failed: c.failed,
        added: c.added,
        addsToday: today.get(b.id) ?? 0,
        tagIds,
        tagNames: tagIds.map((id) => tags.get(id) ?? '（已删除的标签）'),
        welcome: parseJsonColumn<WelcomeMessage>(b.welcome, EMPTY_WELCOME),
        skipVerify: b.skip_verify === 1,
        createdAt: b.created_at,
      };
    });
  }

  /** Trimmed leads, or a 400 naming the first bad row. */
  private checkLeads(leads: LeadInput[]): LeadInput[] {
    return leads.map((l, i) => {
      const problem = leadProblem(l);
      if (problem) throw new AppError(400, `第 ${i + 1} 位客户：${problem}`);
      return { name: l.name.trim(), phone: l.phone?.trim() ?? '', remark: l.remark?.trim() ?? '' };
    });
  }

  /** Stores the leads with their codes (「生成中」) and creation jobs, inside the caller's transaction. */
  private async insertLeads(trx: Transaction<DB>, ws: WorkSpace, batch: Omit<LeadBatchRow, 'deleted_at' | 'total'>, leads: LeadInput[], createdBy: number) {
    const now = this.now;
    const ids: number[] = [];
    for (let i = 0; i < leads.length; i += CHUNK) {
      const part = leads.slice(i, i + CHUNK);
      const rows: Array<Insertable<ContactWayTable>> = part.map((l) => ({
        work_space_id: ws.id,
        kind: 'lead',
        name: l.name,
        group_id: null,
        lead_batch_id: batch.id,
        config_id: null,
        qr_code: '',
        state: this.contactWays.newState('lead'),
        way_type: 1,
        skip_verify: batch.skip_verify,
        distribution: 'round_robin',
        daily_cap: 0,
        schedule: '[]',
        tag_ids: batch.tag_ids,
        welcome: batch.welcome,
        current_users: '[]',
        status: 'creating',
        error: null,
        remark: '',
        expires_at: batch.expires_at,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      }));
      const codeIds = await this.contactWays.repo.insertOneMemberCodes(ws.id, rows.map((values) => ({ values, userid: batch.userid })), trx);
      await this.repo.insertLeads(
        part.map((l, j) => ({
          work_space_id: ws.id,
          batch_id: batch.id,
          name: l.name,
          phone: l.phone ?? '',
          remark: l.remark ?? '',
          contact_way_id: codeIds[j]!,
          external_userid: null,
          userid: null,
          added_at: null,
          created_at: now,
        })),
        trx,
      );
      await this.contactWays.enqueueCreate(ws.id, codeIds, { trx });
      ids.push(...codeIds);
    }
    return ids;
  }

  async add(ws: WorkSpace, caller: AuthContext, body: LeadBatchAddBody): Promise<LeadBatch> {
    const name = body.name.trim();
    if (!name) throw new AppError(400, '请填写批次名称');
    const leads = this.checkLeads(body.leads);
    await this.contactWays.checkMembers(ws.id, [body.userid]);
    await this.contactWays.checkTags(ws.id, body.tagIds);
    await this.contactWays.checkWelcome(ws.id, body.welcome);
    const now = this.now;
    const values = {
      work_space_id: ws.id,
      name,
      userid: body.userid,
      expires_at: now + body.expiresDays * DAY_MS,
      skip_verify: body.skipVerify ? 1 : 0,
      tag_ids: JSON.stringify([...new Set(body.tagIds)]),
      welcome: JSON.stringify(body.welcome),
      created_by: caller.accountId,
      created_at: now,
      updated_at: now,
    };
    const id = await this.repo.transaction(async (trx) => {
      const batchId = await this.repo.insertBatch({ ...values, total: leads.length, deleted_at: null }, trx);
      await this.insertLeads(trx, ws, { ...values, id: batchId }, leads, caller.accountId);
      return batchId;
    });
    this.contactWays.deps.jobs.kick();
    await this.warm(ws, id, body.welcome);
    return this.info(ws, id);
  }

  /** The media cache is per file: warming one code readies the whole batch. */
  private async warm(ws: WorkSpace, batchId: number, welcome: LeadBatchAddBody['welcome']) {
    const first = (await this.repo.codesOf(batchId))[0];
    if (first) await this.contactWays.warmWelcome(ws.id, first.id, welcome);
  }

  /** Name, tags and welcome (copied to every code of the batch), and optional extra leads. */
  async update(ws: WorkSpace, caller: AuthContext, body: LeadBatchUpdateBody): Promise<LeadBatch> {
    const batch = await this.findBatch(ws, body.id);
    const name = body.name.trim();
    if (!name) throw new AppError(400, '请填写批次名称');
    const extra = this.checkLeads(body.leads ?? []);
    await this.contactWays.checkTags(ws.id, body.tagIds);
    await this.contactWays.checkWelcome(ws.id, body.welcome);
    const now = this.now;
    if (extra.length) {
      if (now >= batch.expires_at) throw new AppError(409, '该批次已过期，不能再追加客户，请新建批次');
      const count = (await this.repo.batchCounts([batch.id])).get(batch.id)?.total ?? 0;
      if (count + extra.length > LEAD_BATCH_MAX) throw new AppError(400, `每批最多 ${LEAD_BATCH_MAX} 位客户，本批已有 ${count} 位`);
      await this.contactWays.checkMembers(ws.id, [batch.userid]);
    }
    const fields = { name, tag_ids: JSON.stringify([...new Set(body.tagIds)]), welcome: JSON.stringify(body.welcome), updated_at: now };
    await this.repo.transaction(async (trx) => {
      await this.repo.updateBatch(batch.id, fields, extra.length, trx);
      if (extra.length) await this.insertLeads(trx, ws, { ...batch, ...fields }, extra, caller.accountId);
    });
    if (extra.length) this.contactWays.deps.jobs.kick();
    await this.warm(ws, batch.id, body.welcome);
    return this.info(ws, batch.id);
  }

  /** Every code of the batch leaves WeCom first; a failure stops there (what is gone stays gone) and can be retried. */
  async delete(ws: WorkSpace, id: number): Promise<void> {
    const batch = await this.findBatch(ws, id);
    const codes = await this.repo.codesOf(batch.id);
    // A code WeCom is making right now could appear there after we looked: wait until it is made.
    if (codes.some((c) => c.status === 'creating' && c.expires_at !== null && c.expires_at > this.now)) {
      throw new AppError(409, '二维码正在生成中，请等生成完成后再删除');
    }
    await pool(codes, DELETE_CONCURRENCY, (code) => this.contactWays.remove(ws, code as ContactWay));
    const now = this.now;
    await this.repo.markBatchDeleted(batch.id, now);
  }

  /** The batch's codes WeCom refused are tried again. */
  async retry(ws: WorkSpace, id: number): Promise<LeadBatch> {
    const batch = await this.findBatch(ws, id);
    const now = this.now;
    if (now >= batch.expires_at) throw new AppError(409, '该批次已过期，无法重新生成');
    const failed = (await this.repo.codesOf(batch.id)).filter((c) => c.status === 'failed');
    if (!failed.length) throw new AppError(409, '没有生成失败的二维码');
    await this.repo.transaction(async (trx) => {
      for (const code of failed) {
        await this.contactWays.repo.update(code.id, { status: 'creating', error: null, updated_at: now }, trx);
        await this.contactWays.enqueueCreate(ws.id, [code.id], { trx, attempt: now });
      }
    });
    this.contactWays.deps.jobs.kick();
    return this.info(ws, batch.id);
  }

  // ---------------------------------------------------------------- leads

  async leads(ws: WorkSpace, body: LeadListBody): Promise<LeadList> {
    const batch = await this.findBatch(ws, body.batchId);
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const now = this.now;
    const q = { status: body.status, keyword: body.keyword };
    const [rows, total] = await Promise.all([
      this.repo.listLeads(ws.id, batch.id, { ...q, offset, limit }, now),
      this.repo.countLeads(ws.id, batch.id, q, now),
    ]);
    return { list: await this.presentLeads(ws, rows), total };
  }

  private async presentLeads(ws: WorkSpace, rows: LeadRow[]): Promise<Lead[]> {
    const [members, welcome] = await Promise.all([
      this.contactWays.repo.memberInfo(ws.id, rows.flatMap((r) => (r.userid ? [r.userid] : []))),
      this.repo.welcomeOf(rows.filter((r) => r.added_at !== null).map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      remark: r.remark,
      status: r.status,
      state: r.state,
      qrCode: r.qr_code,
      error: r.status === 'failed' ? r.error : null,
      addedAt: r.added_at,
      externalUserid: r.external_userid,
      customerName: r.customer_name ?? '',
      userid: r.userid,
      memberName: r.userid ? (members.get(r.userid)?.name ?? r.userid) : '',
      welcomeStatus: welcome.get(r.id) ?? null,
      createdAt: r.created_at,
    }));
  }

  async leadCode(ws: WorkSpace, id: number): Promise<{ png: Buffer; filename: string }> {
    const lead = await this.repo.findLead(ws.id, id);
    if (!lead) throw leadNotFound();
    const code = lead.contact_way_id ? await this.contactWays.repo.find(ws.id, lead.contact_way_id) : undefined;
    if (!code) throw leadNotFound();
    return { png: await this.contactWays.qrPng(code), filename: `${lead.batch_name}-${lead.name}.png` };
  }

  /** The leads as CSV (UTF-8 with BOM so that Excel reads the Chinese). */
  async exportCsv(ws: WorkSpace, body: LeadExportBody): Promise<{ csv: string; filename: string }> {
    const batch = await this.findBatch(ws, body.batchId);
    const now = this.now;
    const lines = [['姓名', '手机号', '备注', '状态', '二维码链接', '添加成员', '添加时间', '客户昵称', '欢迎语'].join(',')];
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const rows = await this.repo.listLeads(ws.id, batch.id, { status: body.status, keyword: body.keyword, offset, limit: EXPORT_PAGE }, now);
      for (const l of await this.presentLeads(ws, rows)) {
        lines.push(
          [
            l.name,
            l.phone,
            l.remark,
            LEAD_STATUS_LABEL[l.status],
            l.qrCode,
            l.memberName,
            timeText(l.addedAt),
            l.customerName,
            l.welcomeStatus ? WELCOME_STATUS_LABEL[l.welcomeStatus] : '',
          ]
            .map(csvCell)
            .join(','),
        );
      }
      if (rows.length < EXPORT_PAGE) break;
    }
    return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, filename: `${batch.name}-客户列表.csv` };
  }

  // ---------------------------------------------------------------- figures

  async daySeries(ws: WorkSpace, body: { id: number; start: string; end: string }): Promise<DaySeries> {
    const batch = await this.findBatch(ws, body.id);
    return this.stats.daySeries({ wsId: ws.id, kind: 'lead', batchId: batch.id }, rangeOf(body.start, body.end));
  }

  async overview(ws: WorkSpace, id: number): Promise<Overview> {
    const batch = await this.findBatch(ws, id);
    return this.stats.overview({ wsId: ws.id, kind: 'lead', batchId: batch.id }, this.now);
  }
}

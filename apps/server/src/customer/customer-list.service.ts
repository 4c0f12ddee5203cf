// 客户列表 and its Excel export: a page of customers (one row each, with the members who follow them)
// found by relation filters, a total (counted up to a cap while answering, beyond it counted exactly
// in the background and kept a minute), and an .xlsx streamed row by row.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CHINA_OFFSET_MS, DAY_MS, dayOf } from '@scrm/contracts/china-time';
import {
  ADD_WAY_LABEL,
  CUSTOMER_COUNT_CAP,
  CUSTOMER_COUNT_FRESH_MS,
  CUSTOMER_MAX_OFFSET,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_TYPE_LABEL,
  FOLLOW_STATUS_LABEL,
  GENDER_LABEL,
  SOURCE_KIND_LABEL,
  type CustomerFilter,
  type CustomerList,
  type CustomerListBody,
  type CustomerListRow,
  type CustomerTag,
  type CustomerTotal,
  type FollowStatus,
} from '@scrm/contracts/customer';
import { parseKeys } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { xlsxStream, type XlsxColumn } from '../http/xlsx-stream.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { CustomerListRepository, Plan, RelationFilter, RelationKey } from './customer-list.repository.js';
import { blockOf, type CustomerSearches } from './customer-searches.js';
import type { CustomerRepository, TagRow } from './customer.repository.js';
import { relKey } from '../db/relation-pairs.js';

/** Relations read per round of the export (bounded memory whatever the row count). */
const EXPORT_CHUNK = 500;

export const CUSTOMER_COUNT_JOB = 'customer_count';

export interface CustomerCountPayload {
  filter: RelationFilter;
  key: string;
}

/** A filter's identity in the count cache: the same conditions in any order give the same key. */
export function filterKey(f: RelationFilter): string {
  const norm = Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => [k, Array.isArray(v) ? [...new Set(v.map(String))].sort() : k === 'keyword' ? String(v).trim() : v])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return createHash('sha256').update(JSON.stringify(norm)).digest('base64url').slice(0, 43);
}

type FollowRow = Awaited<ReturnType<CustomerRepository['follows']>>[number];

/** 2026-11-26 14:05:00 in China time, as an operator reads it in Excel. */
const chinaTime = (t: number) => new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

export const followStatus = (f: { deleted_at: number | null; deleted_by_customer_at?: number | null }): FollowStatus =>
  f.deleted_at !== null ? 'deleted_by_member' : (f.deleted_by_customer_at ?? null) !== null ? 'deleted_by_customer' : 'live';

/** A filter as the repository reads it, refused in Chinese where it cannot mean anything. */
export function relationFilter(f: CustomerFilter): RelationFilter {
  const from = f.addedFrom === undefined ? undefined : dayOf(f.addedFrom);
  const to = f.addedTo === undefined ? undefined : dayOf(f.addedTo);
  if ((from !== undefined && !Number.isFinite(from)) || (to !== undefined && !Number.isFinite(to))) throw new AppError(400, '添加时间的日期不正确');
  if (from !== undefined && to !== undefined && from > to) throw new AppError(400, '添加时间的开始不能晚于结束');
  if (f.tagMode !== undefined && !f.tagIds?.length) throw new AppError(400, '请选择标签后再选择标签筛选方式');
  if (f.addWay !== undefined && ADD_WAY_LABEL[f.addWay] === undefined) throw new AppError(400, '添加方式不存在');
  return {
    userids: f.userids,
    tagIds: f.tagIds,
    tagMode: f.tagMode,
    contactWayIds: f.contactWayIds,
    addedFrom: from,
    addedTo: to === undefined ? undefined : to + DAY_MS - 1,
    gender: f.gender,
    addWay: f.addWay,
    status: f.status,
    keyword: f.keyword,
  };
}

const EXPORT_COLUMNS: XlsxColumn[] = [
  { header: '客户名称', key: 'name', width: 20 },
  { header: '类型', key: 'type', width: 8 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '企业名称', key: 'corpName', width: 20 },
  { header: '跟进成员', key: 'member', width: 14 },
  { header: '备注', key: 'remark', width: 16 },
  { header: '描述', key: 'description', width: 24 },
  { header: '标签', key: 'tags', width: 30 },
  { header: '添加时间', key: 'addedAt', width: 20 },
  { header: '添加方式', key: 'addWay', width: 14 },
  { header: '来源活码', key: 'code', width: 20 },
  { header: '状态', key: 'status', width: 14 },
];

export class CustomerListService {
  constructor(
    private readonly deps: { list: CustomerListRepository; customers: CustomerRepository; jobs: JobQueue; searches: CustomerSearches },
  ) {}

  async list(ws: WorkSpace, body: CustomerListBody): Promise<CustomerList> {
    const filter = relationFilter(body);
    const page = Math.max(1, body.page ?? 1);
    const offset = (page - 1) * CUSTOMER_PAGE_SIZE;
    if (offset > CUSTOMER_MAX_OFFSET) throw new AppError(400, `最多翻到第 ${CUSTOMER_MAX_OFFSET / CUSTOMER_PAGE_SIZE} 页，请缩小筛选范围`);
    const { list } = this.deps;
    const order = body.order ?? 'desc';
    // A search's first page is read afresh with its next pages (a driver's customers ranked once); the
    // pages after it are answered from that read while it is kept (customer-searches.ts).
    const block = blockOf({ order, offset, limit: CUSTOMER_PAGE_SIZE });
    const key = `${ws.id}:${order}:${block.offset}:${filterKey(filter)}`;
    const now = Date.now();
    const kept = offset > 0 ? this.deps.searches.get(key, now) : undefined;
    const plan = kept ?? (await list.plan(ws.id, filter, block));
    if (!kept && plan.kind === 'rows') this.deps.searches.keep(key, plan, now);
    const [keys, { total, queue }] = await Promise.all([list.page(ws.id, filter, order, offset, CUSTOMER_PAGE_SIZE, plan), this.totalOf(ws.id, filter, plan)]);
    const rows = await this.rows(ws.id, keys);
    // The background count is queued once the page's own queries are done: started beside them (it
    // claims at once in this process, and counts for seconds on one core), it slowed the answer's
    // last queries — gender's first answer at a million on PostgreSQL, p50 31 against p95 60 ms.
    await queue?.();
    return { list: rows, ...total, page, pageSize: CUSTOMER_PAGE_SIZE };
  }

  /** /customer/count: the filter's total as the list gives it (the page polls it while `counting`). */
  async total(ws: WorkSpace, body: CustomerFilter): Promise<CustomerTotal> {
    const { total, queue } = await this.totalOf(ws.id, relationFilter(body));
    await queue?.();
    return total;
  }

  /**
   * The total: an exact count counted less than a minute ago; else a count up to the cap now (exact
   * when the cap is not reached); else the background count is queued, and meanwhile the last count
   * (an estimate) or the floor. The count of a stale figure is not repeated here: the job corrects it.
   * `queue` (when counting) queues that job: the caller calls it once its own queries are done.
   */
  private async totalOf(wsId: number, filter: RelationFilter, plan?: Plan): Promise<{ total: CustomerTotal; queue?: () => Promise<unknown> }> {
    const { list, jobs } = this.deps;
    const exact = (total: number, countedAt: number | null = null) => ({ total: { total, totalExact: true, countedAt, counting: false } });
    // A plan that read every matching customer (a driver held by few relations) knows the exact total.
    if (plan?.kind === 'rows') return exact(plan.total);
    const key = filterKey(filter);
    const stored = await list.storedCount(wsId, key);
    const countedAt = stored ? Number(stored.counted_at) : null;
    if (stored && Date.now() - Number(stored.counted_at) < CUSTOMER_COUNT_FRESH_MS) return exact(Number(stored.total), countedAt);
    if (!stored) {
      const p = plan ?? (await list.plan(wsId, filter));
      if (p.kind === 'rows') return exact(p.total);
      const n = await list.count(wsId, filter, CUSTOMER_COUNT_CAP, p);
      if (n <= CUSTOMER_COUNT_CAP) return exact(n);
    }
    return {
      total: { total: stored ? Number(stored.total) : CUSTOMER_COUNT_CAP, totalExact: false, countedAt, counting: true },
      queue: () => jobs.enqueue(CUSTOMER_COUNT_JOB, { filter, key } satisfies CustomerCountPayload, { workSpaceId: wsId, singletonKey: `customer-count:${wsId}:${key}` }),
    };
  }

  /**
   * CUSTOMER_COUNT_JOB (composition/job-registry.ts): the filter's exact count, kept for the list. A
   * count finished after this job was queued (the page polled while another counted) is good enough.
   */
  async countJob(workSpaceId: number | null, payload: CustomerCountPayload, queuedAt: number): Promise<void> {
    if (!workSpaceId) return;
    const stored = await this.deps.list.storedCount(workSpaceId, payload.key);
    if (stored && Number(stored.counted_at) >= queuedAt) return;
    const n = await this.deps.list.exactCount(workSpaceId, payload.filter);
    await this.deps.list.storeCount(workSpaceId, payload.key, n, Date.now());
  }

  /**
   * A push's audience (群发): the customers the list shows for `filter` among live relations, each once
   * with the member of their latest matching relation, in customer order after `after`.
   */
  audienceAfter(ws: WorkSpace, filter: CustomerFilter, after: string, limit: number): Promise<RelationKey[]> {
    return this.deps.list.latestAfter(ws.id, relationFilter({ ...filter, status: 'live' }), after, limit);
  }

  private async rows(wsId: number, keys: RelationKey[]): Promise<CustomerListRow[]> {
    const ids = keys.map((k) => k.external_userid);
    const [customers, follows] = await Promise.all([this.deps.list.customers(wsId, ids), this.deps.customers.follows(wsId, ids)]);
    const tags = await this.tagMap(wsId, follows);
    const byId = new Map(customers.map((c) => [c.external_userid, c]));
    return keys.map((k) => {
      const c = byId.get(k.external_userid);
      return {
        externalUserid: k.external_userid,
        name: c?.name ?? '',
        avatar: c?.avatar ?? '',
        type: Number(c?.type ?? 1),
        gender: Number(c?.gender ?? 0),
        corpName: c?.corp_name ?? '',
        addedAt: k.createtime,
        follows: follows
          .filter((f) => f.external_userid === k.external_userid)
          .map((f) => ({
            userid: f.userid,
            memberName: f.member_name ?? f.userid,
            remark: f.remark,
            createdAt: Number(f.createtime),
            addWay: Number(f.add_way),
            tags: tagsOf(f.tag_ids, tags),
            status: followStatus(f),
          })),
      };
    });
  }

  private async tagMap(wsId: number, follows: FollowRow[]): Promise<Map<string, TagRow>> {
    const rows = await this.deps.customers.tags(wsId, follows.flatMap((f) => parseKeys(f.tag_ids)));
    return new Map(rows.map((t) => [t.id, t]));
  }

  /** The matching relations as an .xlsx, one row per customer and member, written as they are read. */
  export(ws: WorkSpace, body: CustomerFilter): Readable {
    const filter = relationFilter(body);
    const list = this.deps.list;
    const exportRows = (keys: RelationKey[]) => this.exportRows(ws.id, keys);
    async function* batches() {
      let from: RelationKey | undefined;
      for (;;) {
        const keys = await list.relations(ws.id, filter, from, EXPORT_CHUNK);
        if (!keys.length) return;
        yield await exportRows(keys);
        from = keys[keys.length - 1];
      }
    }
    return xlsxStream('客户', EXPORT_COLUMNS, batches());
  }

  private async exportRows(wsId: number, keys: RelationKey[]) {
    const ids = [...new Set(keys.map((k) => k.external_userid))];
    const [customers, follows] = await Promise.all([this.deps.list.customers(wsId, ids), this.deps.customers.follows(wsId, ids)]);
    const tags = await this.tagMap(wsId, follows);
    const codes = new Map((await this.deps.list.codesByState(wsId, follows.map((f) => f.state))).map((c) => [c.state, c]));
    const customerOf = new Map(customers.map((c) => [c.external_userid, c]));
    const followOf = new Map(follows.map((f) => [relKey(f.external_userid, f.userid), f]));
    return keys.flatMap((k) => {
      const f = followOf.get(relKey(k.external_userid, k.userid));
      if (!f) return [];
      const c = customerOf.get(k.external_userid);
      const code = codes.get(f.state);
      return [
        {
          name: c?.name ?? '',
          type: CUSTOMER_TYPE_LABEL[Number(c?.type ?? 1)] ?? '',
          gender: GENDER_LABEL[Number(c?.gender ?? 0)] ?? '',
          corpName: c?.corp_name ?? '',
          member: f.member_name ?? f.userid,
          remark: f.remark,
          description: f.description,
          tags: tagsOf(f.tag_ids, tags)
            .map((t) => t.name)
            .join('、'),
          addedAt: chinaTime(Number(f.createtime)),
          addWay: ADD_WAY_LABEL[Number(f.add_way)] ?? '',
          code: code ? `${code.name}（${SOURCE_KIND_LABEL[code.kind as keyof typeof SOURCE_KIND_LABEL] ?? ''}）` : '',
          status: FOLLOW_STATUS_LABEL[followStatus(f)],
        },
      ];
    });
  }
}

function tagsOf(tagIds: string, tags: Map<string, TagRow>): CustomerTag[] {
  return [...new Set(parseKeys(tagIds))]
    .map((id) => tags.get(id))
    .filter((t): t is TagRow => t !== undefined)
    .map((t) => ({ id: t.id, name: t.name, groupId: t.group_id, groupName: t.group_name ?? '' }));
}

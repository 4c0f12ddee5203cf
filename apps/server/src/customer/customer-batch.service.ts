// 批量打标签 / 移除标签: a durable job walks the relations the filter finds (or the chosen customers'),
// newest first, asks WeCom `externalcontact/mark_tag` for each under the shared rate limit, keeps our
// copy (tag_ids + follow_tag) and the customer's timeline in step for those WeCom took, and lists those
// it refused with WeCom's reason. Its cursor is saved after every round, so a run taken over resumes.
import { createHash } from 'node:crypto';
import type { CustomerBatch, CustomerBatchTagBody } from '@scrm/contracts/customer';
import { WecomError } from '@scrm/wecom/errors';
import type { AuthContext } from '../auth/session.service.js';
import { parseJsonColumn } from '../db/database.js';
import { AppError } from '../http/errors.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import type { WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import type { CustomerBatchRepository, CustomerBatchRow } from './customer-batch.repository.js';
import type { CustomerEventService } from './customer-event.service.js';
import type { CustomerListRepository, RelationFilter, RelationKey } from './customer-list.repository.js';
import { relationFilter } from './customer-list.service.js';
import type { CustomerRepository } from './customer.repository.js';

export const CUSTOMER_TAG_JOB = 'customer_tag_batch';
/** Relations per round (one cursor save, one transaction of our copies). */
const ROUND = 50;
const FAILURES_SHOWN = 200;

export interface CustomerTagPayload {
  batchId: number;
}

/** A relation in a dedupe key (the key column holds 128 characters; ids may be long). */
const relationHash = (k: RelationKey) => createHash('sha256').update(`${k.external_userid}\u0000${k.userid}`).digest('base64url').slice(0, 32);

interface StoredFilter {
  filter: RelationFilter;
}

export class CustomerBatchService {
  constructor(
    private readonly deps: {
      batches: CustomerBatchRepository;
      list: CustomerListRepository;
      customers: CustomerRepository;
      events: CustomerEventService;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      jobs: JobQueue;
    },
  ) {}

  async startTag(ws: WorkSpace, caller: AuthContext, body: CustomerBatchTagBody): Promise<{ id: number }> {
    const add = [...new Set(body.addTagIds)];
    const remove = [...new Set(body.removeTagIds)];
    if (!add.length && !remove.length) throw new AppError(400, '请选择要添加或移除的标签');
    if (add.some((id) => remove.includes(id))) throw new AppError(400, '同一个标签不能同时添加和移除');
    const live = await this.deps.customers.liveTagIds(ws.id, [...add, ...remove]);
    if ([...add, ...remove].some((id) => !live.has(id))) throw new AppError(400, '标签不存在或已被删除，请刷新后重试');
    const filter: RelationFilter = { ...relationFilter(body.filter), externalUserids: body.externalUserids, liveOnly: true };
    const now = Date.now();
    const id = await this.deps.batches.insert({
      work_space_id: ws.id,
      account_id: caller.accountId,
      kind: 'tag',
      add_tag_ids: JSON.stringify(add),
      remove_tag_ids: JSON.stringify(remove),
      filter: JSON.stringify({ filter } satisfies StoredFilter),
      status: 'running',
      // Counted by the job before its first round: at a million relations a count does not fit a request.
      total: 0,
      counted_at: null,
      done: 0,
      failed: 0,
      cursor: null,
      error: null,
      created_at: now,
      finished_at: null,
    });
    await this.deps.jobs.enqueue(CUSTOMER_TAG_JOB, { batchId: id } satisfies CustomerTagPayload, { workSpaceId: ws.id, idempotencyKey: `customer-batch:${id}`, priority: 1 });
    return { id };
  }

  async info(ws: WorkSpace, id: number): Promise<CustomerBatch> {
    const b = await this.deps.batches.find(ws.id, id);
    if (!b) throw new AppError(404, '批量任务不存在');
    const failures = await this.deps.batches.failures(b.id, ws.id, FAILURES_SHOWN);
    return {
      id: b.id,
      status: b.status,
      total: Number(b.total),
      counting: b.counted_at === null && b.status === 'running',
      done: Number(b.done),
      failed: Number(b.failed),
      error: b.error,
      createdAt: Number(b.created_at),
      finishedAt: b.finished_at === null ? null : Number(b.finished_at),
      failures: failures.map((f) => ({
        externalUserid: f.external_userid,
        customerName: f.customer_name ?? '',
        userid: f.userid,
        memberName: f.member_name ?? f.userid,
        error: f.error,
      })),
    };
  }

  /** The job: rounds of ROUND relations until none is left. */
  async tagJob(ctx: JobContext<CustomerTagPayload>): Promise<void> {
    const { batches, list, workSpaces, gateway } = this.deps;
    const batch = await batches.findAny(ctx.payload.batchId);
    if (!batch || batch.status !== 'running') return;
    const ws = await workSpaces.find(batch.work_space_id);
    if (!ws) return this.finish(batch, 'failed', '企业已删除');
    const { filter } = parseJsonColumn<StoredFilter>(batch.filter, { filter: {} });
    const add = parseJsonColumn<string[]>(batch.add_tag_ids, []);
    const remove = parseJsonColumn<string[]>(batch.remove_tag_ids, []);
    if (batch.counted_at === null) await batches.update(batch.id, { total: await list.countRelations(ws.id, filter), counted_at: Date.now() });
    const api = await gateway.corp(ws);
    let cursor = batch.cursor ? parseJsonColumn<RelationKey | undefined>(batch.cursor, undefined) : undefined;
    for (;;) {
      const keys = await list.relations(ws.id, filter, cursor, ROUND);
      if (!keys.length) break;
      if (!(await ctx.held())) return;
      const ok: RelationKey[] = [];
      const failures: Array<{ external_userid: string; userid: string; errcode: number; error: string }> = [];
      for (const k of keys) {
        try {
          await api.markTag({
            userid: k.userid,
            external_userid: k.external_userid,
            ...(add.length ? { add_tag: add } : {}),
            ...(remove.length ? { remove_tag: remove } : {}),
          });
          ok.push(k);
        } catch (err) {
          // Not WeCom's answer (the network, our side): the job is tried again from the saved cursor.
          if (!(err instanceof WecomError)) throw err;
          failures.push({ external_userid: k.external_userid, userid: k.userid, errcode: err.errcode, error: err.message });
        }
      }
      await this.applied(ws.id, batch.id, ok, add, remove);
      cursor = keys[keys.length - 1];
      await batches.progress(batch.id, { done: ok.length, failures, cursor: JSON.stringify(cursor) });
    }
    const now = await batches.findAny(batch.id);
    await batches.update(batch.id, { status: 'done', finished_at: Date.now(), total: Number(now?.done ?? 0) + Number(now?.failed ?? 0), counted_at: now?.counted_at ?? Date.now() });
  }

  async tagJobFailed(batchId: number, error: string): Promise<void> {
    const batch = await this.deps.batches.findAny(batchId);
    if (batch) await this.finish(batch, 'failed', error);
  }

  private async finish(batch: CustomerBatchRow, status: 'done' | 'failed', error: string | null) {
    await this.deps.batches.update(batch.id, { status, error: error?.slice(0, 500) ?? null, finished_at: Date.now() });
  }

  /** Our copy and the timeline follow what WeCom took. */
  private async applied(wsId: number, batchId: number, ok: RelationKey[], add: string[], remove: string[]) {
    if (!ok.length) return;
    await this.deps.customers.changeFollowTags(
      wsId,
      ok.map((k) => ({ external_userid: k.external_userid, userid: k.userid, add, remove })),
    );
    const at = Date.now();
    await this.deps.events.record(
      wsId,
      ok.flatMap((k) => [
        ...(add.length
          ? [{ externalUserid: k.external_userid, userid: k.userid, kind: 'tag' as const, at, detail: { tagIds: add, batchId }, dedupeKey: `batch:${batchId}:tag:${relationHash(k)}` }]
          : []),
        ...(remove.length
          ? [{ externalUserid: k.external_userid, userid: k.userid, kind: 'untag' as const, at, detail: { tagIds: remove, batchId }, dedupeKey: `batch:${batchId}:untag:${relationHash(k)}` }]
          : []),
      ]),
    );
  }
}

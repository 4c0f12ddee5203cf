// 自动标签: rules that tag customers by source code, add time window, keyword or group joined —
// applied as events arrive (an add, a customer re-read after an edit, a group's member change) and, when
// a rule is saved, over the customers already there (补打) as a job with progress. Each relation is tagged
// once per rule (auto_tag_record), with one mark_tag call carrying all of the rule's missing tags, and no
// call at all for a relation that already carries them.
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTO_TAG_KIND_LABEL,
  AUTO_TAG_OPTIONS_MAX,
  KEYWORD_FIELD_LABEL,
  type AutoTagCondition,
  type AutoTagEnableBody,
  type AutoTagInput,
  type AutoTagList,
  type AutoTagListBody,
  type AutoTagOptions,
  type AutoTagOptionsBody,
  type AutoTagRecordList,
  type AutoTagRecordsBody,
  type AutoTagRule,
  type AutoTagRunStatus,
  type AutoTagSource,
  type AutoTagUpdateBody,
} from '@scrm/contracts/auto-tag';
import { describeSchedule, scheduleProblem, withinSchedule } from '@scrm/contracts/china-time';
import { WecomError } from '@scrm/wecom/errors';
import type { CorpApi } from '@scrm/wecom/client';
import type { Clock } from '../clock/clock.js';
import { parseJsonColumn, parseKeys } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import { RetryLater, type JobQueue } from '../jobs/job-queue.js';
import type { CustomerEventListener, CustomerEventService } from '../customer/customer-event.service.js';
import type { CustomerEventRow } from '../customer/customer-event.repository.js';
import type { ContactWayService } from '../contact-way/contact-way.service.js';
import { queueCustomerRefresh, type CustomerWatcher } from '../callback/callback.service.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import { nextTurn } from '../db/next-turn.js';
import { pool } from '../lib/pool.js';
import { relKey } from '../db/relation-pairs.js';
import type { AutoTagRepository, AutoTagRuleRow, MatchedRelation } from './auto-tag.repository.js';

export const AUTO_TAG_RUN_JOB = 'auto_tag_run';
export const AUTO_TAG_APPLY_JOB = 'auto_tag_apply';

/** What an arriving event asks to be checked. */
export type ApplyPayload =
  | { trigger: 'add'; externalUserid: string; userid: string; state: string; at: number }
  | { trigger: 'customer'; externalUserid: string }
  | { trigger: 'group'; chatId: string };

const PAGE = 200;
const PROGRESS_EVERY = 40;
/** mark_tag calls in flight at once within a run (the shared limiter paces them). */
const CALLS_AT_ONCE = 8;
/** Codes that say "try again" rather than "no". */
const RETRYABLE = new Set([-1, 45009, 45033, 41096]);

const notFound = () => new AppError(404, '自动标签规则不存在');
const bad = (message: string) => new AppError(400, message);

type Outcome = 'done' | 'already' | 'failed' | 'held';

export class AutoTagService implements CustomerEventListener, CustomerWatcher {
  constructor(
    private readonly deps: {
      repo: AutoTagRepository;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      jobs: JobQueue;
      customerEvents: CustomerEventService;
      /** The codes a rule may name, by name (the same picker as the customer list's). */
      contactWays: Pick<ContactWayService, 'codeOptions'>;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  // ---------------------------------------------------------------- the console

  async list(ws: WorkSpace, q: AutoTagListBody): Promise<AutoTagList> {
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.deps.repo.listRules(ws.id, { keyword: q.keyword, kind: q.kind, offset, limit });
    return { list: await this.present(ws.id, rows), total };
  }

  async detail(ws: WorkSpace, id: number): Promise<AutoTagRule> {
    const rule = await this.deps.repo.findRule(ws.id, id);
    if (!rule) throw notFound();
    return (await this.present(ws.id, [rule]))[0]!;
  }

  async add(ws: WorkSpace, input: AutoTagInput): Promise<AutoTagRule> {
    const clean = await this.validate(ws.id, input);
    const now = this.deps.clock.now();
    const id = await this.deps.repo.insertRule({
      work_space_id: ws.id,
      name: clean.name,
      enabled: 1,
      tag_ids: JSON.stringify(clean.tagIds),
      kind: clean.condition.kind,
      condition: JSON.stringify(clean.condition),
      version: 0,
      run_status: 'idle',
      run_matched: 0,
      run_done: 0,
      run_failed: 0,
      run_after_external: '',
      run_after_user: '',
      run_started_at: null,
      run_finished_at: null,
      run_error: null,
      created_at: now,
      updated_at: now,
    });
    if (input.backfill !== false) await this.startRun(ws.id, id);
    return this.detail(ws, id);
  }

  /** A changed condition or tag list runs the rule over existing customers again (unless `backfill: false`). */
  async update(ws: WorkSpace, input: AutoTagUpdateBody): Promise<AutoTagRule> {
    const rule = await this.deps.repo.findRule(ws.id, input.id);
    if (!rule) throw notFound();
    const clean = await this.validate(ws.id, input);
    const condition = JSON.stringify(clean.condition);
    const tagIds = JSON.stringify(clean.tagIds);
    const changed = condition !== rule.condition || tagIds !== rule.tag_ids;
    await this.deps.repo.updateRule(ws.id, rule.id, {
      name: clean.name,
      tag_ids: tagIds,
      kind: clean.condition.kind,
      condition,
      updated_at: this.deps.clock.now(),
    });
    if (changed && input.backfill !== false && rule.enabled) await this.startRun(ws.id, rule.id);
    return this.detail(ws, rule.id);
  }

  async remove(ws: WorkSpace, id: number): Promise<void> {
    if (!(await this.deps.repo.deleteRule(ws.id, id))) throw notFound();
  }

  async enable(ws: WorkSpace, body: AutoTagEnableBody): Promise<AutoTagRule> {
    const rule = await this.deps.repo.findRule(ws.id, body.id);
    if (!rule) throw notFound();
    await this.deps.repo.updateRule(ws.id, rule.id, { enabled: body.enabled ? 1 : 0, updated_at: this.deps.clock.now() });
    return this.detail(ws, rule.id);
  }

  /** 重新补打: the rule over existing customers again; relations done before are not asked of WeCom again. */
  async rerun(ws: WorkSpace, id: number): Promise<AutoTagRule> {
    const rule = await this.deps.repo.findRule(ws.id, id);
    if (!rule) throw notFound();
    if (!rule.enabled) throw bad('规则已停用，请先启用再补打');
    if (rule.run_status === 'running') throw new AppError(409, '补打正在进行中，请稍候');
    await this.startRun(ws.id, rule.id);
    return this.detail(ws, rule.id);
  }

  async records(ws: WorkSpace, q: AutoTagRecordsBody): Promise<AutoTagRecordList> {
    const rule = await this.deps.repo.findRule(ws.id, q.id);
    if (!rule) throw notFound();
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.deps.repo.records(rule.id, { source: q.source, offset, limit });
    const names = await this.deps.repo.tagNames(ws.id, rows.flatMap((r) => parseKeys(r.tag_ids)));
    return {
      total,
      list: rows.map((r) => ({
        id: Number(r.id),
        externalUserid: r.external_userid,
        customerName: r.customer_name ?? '',
        userid: r.userid,
        memberName: r.member_name ?? r.userid,
        tagNames: parseKeys(r.tag_ids).map((t) => names.get(t) ?? '（已删除的标签）'),
        source: r.source as AutoTagSource,
        status: r.status as 'done' | 'already' | 'failed',
        error: r.error,
        at: Number(r.at),
      })),
    };
  }

  async options(ws: WorkSpace, q: AutoTagOptionsBody): Promise<AutoTagOptions> {
    const keyword = q.keyword?.trim() ?? '';
    const [codes, groups] = await Promise.all([this.deps.contactWays.codeOptions(ws, { keyword }, AUTO_TAG_OPTIONS_MAX), this.deps.repo.groupOptions(ws.id, keyword, AUTO_TAG_OPTIONS_MAX)]);
    return {
      codes: codes.list,
      groups: groups.map((g) => ({ chatId: g.chat_id, name: g.name || '未命名客户群', memberCount: Number(g.member_count) })),
    };
  }

  private async validate<T extends AutoTagInput>(wsId: number, input: T): Promise<T> {
    const name = input.name.trim();
    if (!name) throw bad('请填写规则名称');
    const tagIds = [...new Set(input.tagIds)];
    const tags = await this.deps.repo.tagNames(wsId, tagIds);
    if (tagIds.some((t) => !tags.has(t))) throw bad('标签不存在，请先同步企业标签');
    const c = input.condition;
    let condition: AutoTagCondition = c;
    switch (c.kind) {
      case 'source': {
        const ids = [...new Set(c.codeIds)];
        const codes = await this.deps.repo.codes(wsId, ids);
        if (ids.some((id) => !codes.get(id) || codes.get(id)!.deleted)) throw bad('活码不存在或已删除');
        condition = { kind: 'source', codeIds: ids };
        break;
      }
      case 'time': {
        const rules = c.rules.map((r) => ({ ...r, weekdays: [...new Set(r.weekdays)].sort((a, b) => a - b) }));
        const problem = scheduleProblem(rules);
        if (problem) throw bad(problem);
        condition = { kind: 'time', rules };
        break;
      }
      case 'keyword': {
        const keywords = [...new Set(c.keywords.map((k) => k.trim()).filter(Boolean))];
        if (!keywords.length) throw bad('请填写关键词');
        condition = { kind: 'keyword', keywords, fields: [...new Set(c.fields)] };
        break;
      }
      case 'group': {
        const chatIds = [...new Set(c.chatIds)];
        const groups = await this.deps.repo.groupNames(wsId, chatIds);
        if (chatIds.some((id) => !groups.has(id))) throw bad('客户群不存在，请先同步客户群');
        condition = { kind: 'group', chatIds };
        break;
      }
    }
    return { ...input, name, tagIds, condition };
  }

  private async present(wsId: number, rows: AutoTagRuleRow[]): Promise<AutoTagRule[]> {
    const conditions = rows.map((r) => parseJsonColumn<AutoTagCondition>(r.condition, { kind: 'group', chatIds: [] }));
    const tagIds = rows.flatMap((r) => parseKeys(r.tag_ids));
    const [tags, counts, codes, groups] = await Promise.all([
      this.deps.repo.tagNames(wsId, tagIds),
      this.deps.repo.taggedCounts(rows.map((r) => Number(r.id))),
      this.deps.repo.codes(wsId, conditions.flatMap((c) => (c.kind === 'source' ? c.codeIds : []))),
      this.deps.repo.groupNames(wsId, conditions.flatMap((c) => (c.kind === 'group' ? c.chatIds : []))),
    ]);
    return rows.map((r, i) => {
      const c = conditions[i]!;
      const count = counts.get(Number(r.id));
      return {
        id: Number(r.id),
        name: r.name,
        enabled: Boolean(r.enabled),
        tagIds: parseKeys(r.tag_ids),
        tags: parseKeys(r.tag_ids).map((id) => ({ id, name: tags.get(id) ?? '（已删除的标签）', deleted: !tags.has(id) })),
        condition: c,
        conditionText: describe(c, codes, groups),
        tagged: count?.tagged ?? 0,
        lastTaggedAt: count?.lastAt ?? null,
        run: {
          status: r.run_status as AutoTagRunStatus,
          matched: Number(r.run_matched),
          done: Number(r.run_done),
          failed: Number(r.run_failed),
          startedAt: r.run_started_at === null ? null : Number(r.run_started_at),
          finishedAt: r.run_finished_at === null ? null : Number(r.run_finished_at),
          error: r.run_error,
        },
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
      };
    });
  }

  // ---------------------------------------------------------------- the retroactive run (补打)

  private async startRun(wsId: number, ruleId: number): Promise<void> {
    const version = await this.deps.repo.startRun(wsId, ruleId, this.deps.clock.now());
    await this.deps.jobs.enqueue(AUTO_TAG_RUN_JOB, { ruleId, version }, { workSpaceId: wsId, idempotencyKey: `auto-tag-run:${ruleId}:${version}` });
    this.deps.jobs.kick();
  }

  /** AUTO_TAG_RUN_JOB: the rule's matching relations in keyset pages, from where an earlier attempt stopped. */
  async runJob(ruleId: number, version: number): Promise<void> {
    const { repo } = this.deps;
    let rule = await repo.findRuleById(ruleId);
    if (!rule || Number(rule.version) !== version) return;
    const ws = await this.deps.workSpaces.find(rule.work_space_id);
    if (!ws) return;
    const condition = parseJsonColumn<AutoTagCondition>(rule.condition, { kind: 'group', chatIds: [] });
    const states = await this.statesOf(ws.id, condition);
    const tagIds = await this.liveTags(ws.id, rule);
    if (!tagIds.length) return repo.runFinished(ruleId, version, 'failed', '规则的标签都已被删除', this.deps.clock.now());
    if (!rule.run_after_external) {
      if (!(await repo.runProgress(ruleId, version, { matched: await repo.countMatching(ws.id, condition, states), done: 0, failed: 0 }))) return;
    }
    let after = rule.run_after_external ? { externalUserid: rule.run_after_external, userid: rule.run_after_user } : undefined;
    const api = await this.deps.gateway.corp(ws);
    for (;;) {
      const page = await repo.matching(ws.id, condition, states, { after, limit: PAGE });
      if (!page.length) break;
      // Progress is saved every few relations, so the detail page moves (and a retry resumes) close to where it was.
      for (let i = 0; i < page.length; i += PROGRESS_EVERY) {
        const part = page.slice(i, i + PROGRESS_EVERY);
        const outcomes = await this.apply(ws, api, rule!, tagIds, part, 'backfill');
        after = { externalUserid: part.at(-1)!.external_userid, userid: part.at(-1)!.userid };
        const failed = outcomes.filter((o) => o === 'failed').length;
        if (!(await repo.runProgress(ruleId, version, { done: outcomes.length - failed, failed, after }))) return;
        // A run with nothing to ask WeCom (a re-run) would otherwise hold a SQLite server to its end.
        await nextTurn();
      }
      if (page.length < PAGE) break;
      rule = await repo.findRuleById(ruleId);
      if (!rule || Number(rule.version) !== version) return;
    }
    await repo.runFinished(ruleId, version, 'done', null, this.deps.clock.now());
  }

  async runJobFailed(ruleId: number, version: number, error: string): Promise<void> {
    await this.deps.repo.runFinished(ruleId, version, 'failed', error, this.deps.clock.now());
  }

  // ---------------------------------------------------------------- as events arrive

  /** CustomerEventListener: an add (source and time rules) or a group join. */
  async recorded(wsId: number, events: CustomerEventRow[]): Promise<void> {
    for (const e of events) {
      if (e.kind === 'add' && (await this.deps.repo.hasEnabled(wsId, ['source', 'time']))) {
        const detail = parseJsonColumn<{ state?: string }>(e.detail, {});
        const payload: ApplyPayload = { trigger: 'add', externalUserid: e.external_userid, userid: e.userid, state: detail.state ?? '', at: Number(e.at) };
        await this.deps.jobs.enqueue(AUTO_TAG_APPLY_JOB, payload, { workSpaceId: wsId, idempotencyKey: `auto-tag-add:${e.id}` });
      } else if (e.kind === 'group_join') {
        const chatId = parseJsonColumn<{ chatId?: string }>(e.detail, {}).chatId;
        if (chatId) await this.groupRefreshed(wsId, chatId);
      }
    }
  }

  /** CustomerWatcher: our copy of the customer was read again (after an add or an edit of remark/description): keyword rules. */
  async customerRefreshed(wsId: number, externalUserid: string): Promise<void> {
    if (!(await this.deps.repo.hasEnabled(wsId, ['keyword']))) return;
    const payload: ApplyPayload = { trigger: 'customer', externalUserid };
    await this.deps.jobs.enqueue(AUTO_TAG_APPLY_JOB, payload, { workSpaceId: wsId, singletonKey: `auto-tag-customer:${wsId}:${externalUserid}` });
  }

  /** CustomerWatcher: a group's members were read again (someone joined). */
  async groupRefreshed(wsId: number, chatId: string): Promise<void> {
    if (!(await this.deps.repo.hasEnabled(wsId, ['group']))) return;
    const payload: ApplyPayload = { trigger: 'group', chatId };
    await this.deps.jobs.enqueue(AUTO_TAG_APPLY_JOB, payload, { workSpaceId: wsId, singletonKey: `auto-tag-group:${wsId}:${chatId}` });
  }

  /** AUTO_TAG_APPLY_JOB. */
  async applyJob(wsId: number | null, p: ApplyPayload): Promise<void> {
    const ws = wsId === null ? undefined : await this.deps.workSpaces.find(wsId);
    if (!ws) return;
    const { repo } = this.deps;
    let api: CorpApi | undefined;
    const corp = async () => (api ??= await this.deps.gateway.corp(ws));
    let unknownRelation = false;
    if (p.trigger === 'add') {
      for (const rule of await repo.enabledRules(ws.id, ['source', 'time'])) {
        const c = parseJsonColumn<AutoTagCondition>(rule.condition, { kind: 'group', chatIds: [] });
        const hit = c.kind === 'source' ? (await this.statesOf(ws.id, c)).includes(p.state) && p.state !== '' : c.kind === 'time' && c.rules.length > 0 && withinSchedule(c.rules, p.at);
        if (!hit) continue;
        const tagIds = await this.liveTags(ws.id, rule);
        if (!tagIds.length) continue;
        const rel = await repo.relation(ws.id, p.externalUserid, p.userid);
        if (!rel) unknownRelation = true;
        await this.apply(ws, await corp(), rule, tagIds, [rel ?? { external_userid: p.externalUserid, userid: p.userid, tag_ids: '[]' }], 'auto');
      }
    } else {
      // A re-read looks at what it may have changed (remark, description, nickname); source and time
      // belong to the add, groups to the join: a rule saved without 补打 leaves older customers alone.
      const kinds = p.trigger === 'group' ? ['group'] : ['keyword'];
      for (const rule of await repo.enabledRules(ws.id, kinds)) {
        const c = parseJsonColumn<AutoTagCondition>(rule.condition, { kind: 'group', chatIds: [] });
        if (p.trigger === 'group' && (c.kind !== 'group' || !c.chatIds.includes(p.chatId))) continue;
        const tagIds = await this.liveTags(ws.id, rule);
        if (!tagIds.length) continue;
        const states = await this.statesOf(ws.id, c);
        // A group's members from before the rule (or its last change) are the retroactive run's to tag, not a join's.
        const scope = p.trigger === 'group' ? { chatId: p.chatId, joinedSince: joinedSince(rule) } : { externalUserid: p.externalUserid };
        let after: { externalUserid: string; userid: string } | undefined;
        for (;;) {
          const page = await repo.matching(ws.id, c, states, { ...scope, after, limit: PAGE });
          if (page.length) await this.apply(ws, await corp(), rule, tagIds, page, 'auto');
          if (page.length < PAGE) break;
          after = { externalUserid: page.at(-1)!.external_userid, userid: page.at(-1)!.userid };
        }
      }
    }
    // Marked before our first read of the relation: read it again so our copy shows the tags.
    if (unknownRelation && p.trigger === 'add') await queueCustomerRefresh(this.deps.jobs, ws.id, p.externalUserid);
  }

  // ---------------------------------------------------------------- relations, in batches

  /**
   * The rule's tags on each relation, once: claimed (left alone when done before), recorded without a
   * call when the relation already has them all, else one mark_tag with the missing ones, a few in flight.
   * What came of the batch is written in one transaction; a call WeCom may take later releases the
   * relations not yet done and asks for a retry.
   */
  private async apply(ws: WorkSpace, api: CorpApi, rule: AutoTagRuleRow, tagIds: string[], rels: MatchedRelation[], source: AutoTagSource): Promise<Outcome[]> {
    const { repo, clock } = this.deps;
    const ruleId = Number(rule.id);
    const taken = await repo.claim(ws.id, ruleId, rels.map((r) => ({ externalUserid: r.external_userid, userid: r.userid })), tagIds, source, clock.now());
    type Result = { recordId: number; externalUserid: string; userid: string; status: 'done' | 'already' | 'failed'; tagIds: string[]; error: string | null; missing: string[] };
    const results = new Map<number, Result>();
    let retry: unknown;
    await pool(rels, CALLS_AT_ONCE, async (rel) => {
      const recordId = taken.get(relKey(rel.external_userid, rel.userid));
      if (recordId === undefined || retry) return;
      const have = new Set(parseKeys(rel.tag_ids));
      const missing = tagIds.filter((t) => !have.has(t));
      const base = { recordId, externalUserid: rel.external_userid, userid: rel.userid, tagIds, missing };
      if (!missing.length) return void results.set(recordId, { ...base, status: 'already', error: null });
      try {
        await api.markTag({ userid: rel.userid, external_userid: rel.external_userid, add_tag: missing });
        results.set(recordId, { ...base, status: 'done', error: null });
      } catch (err) {
        if (err instanceof WecomError && !RETRYABLE.has(err.errcode)) results.set(recordId, { ...base, status: 'failed', error: wecomFailure(err).message });
        else retry ??= err;
      }
    });
    const at = clock.now();
    await repo.settle(ws.id, [...results.values()], at);
    const tagged = [...results.values()].filter((r) => r.status === 'done');
    if (tagged.length)
      await this.deps.customerEvents.record(
        ws.id,
        tagged.map((r) => ({
          externalUserid: r.externalUserid,
          userid: r.userid,
          kind: 'tag' as const,
          at,
          detail: { ruleId, ruleName: rule.name, tagIds: r.missing, source },
          dedupeKey: `auto-tag:${ruleId}:${r.recordId}:${at}`,
        })),
      );
    if (retry) {
      await repo.release([...taken.values()].filter((id) => !results.has(id)));
      throw new RetryLater(retry instanceof Error ? retry.message : String(retry), 2_000);
    }
    return rels.map((rel) => {
      const id = taken.get(relKey(rel.external_userid, rel.userid));
      return id === undefined ? 'held' : results.get(id)!.status;
    });
  }

  private async liveTags(wsId: number, rule: AutoTagRuleRow): Promise<string[]> {
    const wanted = parseKeys(rule.tag_ids);
    const live = await this.deps.repo.tagNames(wsId, wanted);
    return wanted.filter((t) => live.has(t));
  }

  private async statesOf(wsId: number, c: AutoTagCondition): Promise<string[]> {
    if (c.kind !== 'source') return [];
    return [...(await this.deps.repo.codes(wsId, c.codeIds)).values()].map((x) => x.state).filter(Boolean);
  }
}

/** WeCom gives join times in whole seconds. */
const joinedSince = (rule: AutoTagRuleRow) => Math.floor(Number(rule.updated_at) / 1000) * 1000 - 1000;

function describe(c: AutoTagCondition, codes: Map<number, { name: string; deleted: boolean }>, groups: Map<string, string>): string {
  const head = AUTO_TAG_KIND_LABEL[c.kind];
  switch (c.kind) {
    case 'source':
      return `${head}：${c.codeIds.map((id) => codes.get(id)?.name ?? `活码#${id}（已删除）`).join('、')}`;
    case 'time':
      return `${head}：${describeSchedule(c.rules)}`;
    case 'keyword':
      return `${head}：${c.fields.map((f) => KEYWORD_FIELD_LABEL[f]).join('/')}含「${c.keywords.join('」或「')}」`;
    case 'group':
      return `${head}：${c.chatIds.map((id) => groups.get(id) || '未命名客户群').join('、')}`;
  }
}

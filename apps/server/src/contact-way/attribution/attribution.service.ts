// Every add_external_contact is attributed through its State to exactly one code (and lead), recorded
// once (per callback event), welcomed within WeCom's 20 s, tagged, counted against caps and risk
// plans; deletions either way are recorded for retention and the delete-rate detector.
import type { FastifyBaseLogger } from 'fastify';
import { EMPTY_WELCOME, WELCOME_PLACEHOLDERS, WELCOME_WINDOW_MS, type WelcomeMessage } from '@scrm/contracts/contact-way';
import { WecomError, wecomErrorMessage } from '@scrm/wecom/errors';
import type { Clock } from '../../clock/clock.js';
import { queueCustomerRefresh, type AddedContact, type ContactEventSink, type Deletion } from '../../callback/callback.service.js';
import { parseJsonColumn } from '../../db/database.js';
import type { WelcomeStatus } from '../../db/tables.js';
import { RetryLater, type JobContext, type JobQueue } from '../../jobs/job-queue.js';
import { wecomFailure, type WecomGateway } from '../../wecom/wecom-gateway.js';
import type { CustomerService } from '../../customer/customer.service.js';
import type { WorkSpace, WorkSpaceRepository } from '../../workspace/workspace.repository.js';
import type { ContactWay, ContactWayAdd, ContactWayRepository } from '../contact-way.repository.js';
import { capOf, type AttachmentSource, type ContactWayService } from '../contact-way.service.js';

export const WELCOME_JOB = 'welcome';
export const TAG_JOB = 'mark_tag';
/** The priority of a customer's re-read that puts an add's auto-tags on first (others are REFRESH_JOB's 2). */
const TAGS_FIRST = 4;

export interface WelcomePayload {
  addId: number;
  welcomeCode: string;
  /** Wall-clock ms after which WeCom no longer takes the message. */
  deadline: number;
}

/** Codes that say "try again" rather than "no". */
const RETRYABLE = new Set([-1, 45009, 45033, 41096]);

/** Risk control's part in an add and a deletion (caps, limit plans, delete rate); RiskEngine implements it. */
export interface AddWatcher {
  afterAdd(wsId: number, add: { userid: string; code: ContactWay | undefined; cap: number }): Promise<void>;
  afterCustomerDeleted(wsId: number, userid: string): Promise<void>;
}

export class AttributionService implements ContactEventSink {
  constructor(
    private readonly deps: {
      repo: ContactWayRepository;
      customers: CustomerService;
      contactWays: ContactWayService;
      risk: AddWatcher;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      materials: AttachmentSource;
      jobs: JobQueue;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  // ---------------------------------------------------------------- jobs (listed in composition/job-registry.ts)

  /** WELCOME_JOB: a welcome its add's job could not send at once (`welcomeNow`). */
  welcomeJob({ payload }: JobContext<WelcomePayload>): Promise<void> {
    return this.sendWelcome(payload);
  }

  async welcomeJobFailed(addId: number, error: string): Promise<void> {
    await this.deps.repo.updateAdd(addId, { welcome_status: 'failed', welcome_error: error.slice(0, 500) });
  }

  /** TAG_JOB, queued by earlier versions: the tags now go on in the customer's re-read (`beforeRead`). */
  async tagJob(addId: number): Promise<void> {
    const add = await this.deps.repo.findAdd(addId);
    if (add) await queueCustomerRefresh(this.deps.jobs, add.work_space_id, add.external_userid, { priority: TAGS_FIRST });
  }

  /** Run by the customer's re-read (REFRESH_JOB) before it reads: its adds' auto-tags go on in WeCom. */
  async beforeRead(ws: WorkSpace, externalUserid: string): Promise<void> {
    for (const add of await this.deps.repo.pendingTagAdds(ws.id, externalUserid)) await this.markTags(ws, add);
  }

  async readGivenUp(wsId: number, externalUserid: string, error: string): Promise<void> {
    await this.deps.repo.failPendingTags(wsId, externalUserid, error);
  }

  async added(ws: WorkSpace, e: AddedContact): Promise<void> {
    const { repo, jobs } = this.deps;
    const code = e.state ? await repo.findByState(ws.id, e.state) : undefined;
    const welcome = code ? parseJsonColumn<WelcomeMessage>(code.welcome, EMPTY_WELCOME) : EMPTY_WELCOME;
    const hasWelcome = Boolean(welcome.text.trim() || welcome.materialIds.length);
    const tagIds = code ? parseJsonColumn<string[]>(code.tag_ids, []) : [];
    const member = code ? (await repo.members(code.id)).find((m) => m.userid === e.userid) : undefined;
    const welcomeStatus: WelcomeStatus = !hasWelcome ? 'none' : e.welcomeCode ? 'pending' : 'skipped';
    const addId = await repo.transaction(async (trx) => {
      const known = await repo.knownCustomer(ws.id, e.externalUserid, trx);
      const id = await repo.insertAdd(
        {
          work_space_id: ws.id,
          contact_way_id: code?.id ?? null,
          lead_id: null,
          callback_event_id: e.eventId,
          external_userid: e.externalUserid,
          userid: e.userid,
          state: e.state.slice(0, 64),
          added_at: e.receivedAt,
          new_customer: known ? 0 : 1,
          welcome_status: welcomeStatus,
          welcome_at: null,
          // WeCom gives no welcome code when the two are already chatting.
          welcome_error: welcomeStatus === 'skipped' ? '客户与成员已有聊天记录，企业微信不再提供欢迎语发送凭证' : null,
          tag_status: tagIds.length ? 'pending' : 'none',
          tag_ids: '[]',
          tag_error: null,
          deleted_by_member_at: null,
          deleted_by_customer_at: null,
        },
        trx,
      );
      if (id === null) return null;
      if (code?.kind === 'lead') await repo.linkAddToLead(code.id, id, { externalUserid: e.externalUserid, userid: e.userid, at: e.receivedAt }, trx);
      // The customer is read again behind the welcome; the code's tags go on first (`beforeRead`).
      await queueCustomerRefresh(jobs, ws.id, e.externalUserid, { priority: tagIds.length ? TAGS_FIRST : undefined, trx });
      return id;
    });
    const welcomeOf = (id: number): WelcomePayload => ({ addId: id, welcomeCode: e.welcomeCode, deadline: this.deps.clock.wall(e.receivedAt) + WELCOME_WINDOW_MS });
    if (addId === null) {
      // Recorded by an earlier run of this event (its process stopped, or it failed after): a welcome still
      // pending goes to its job (the one that run left, if it did: the key makes one), which knows an attempt
      // that run marked; the customer is read again.
      const add = await repo.findAddOfEvent(e.eventId);
      if (add?.welcome_status === 'pending') await this.welcomeLater(ws.id, welcomeOf(add.id));
      await queueCustomerRefresh(jobs, ws.id, e.externalUserid);
      return;
    }
    // A deletion that happened at or after this add, applied before it (WeCom's events came in another
    // order), found no add to mark: it marks this one. After the insert, so one of the two always sees the other.
    await repo.stampEarlierDeletions(addId, e.happenedAt);
    jobs.kick();
    if (welcomeStatus === 'pending') await this.welcomeNow(ws.id, welcomeOf(addId));
    await this.deps.risk.afterAdd(ws.id, { userid: e.userid, code, cap: code && member ? capOf(code, member) : 0 });
    // Round robin moves on to the next member (caps and risk reconcile what they switch themselves).
    if (code?.kind === 'channel' && code.distribution === 'round_robin') await this.deps.contactWays.requestReconcile(ws.id, [code.id]);
  }

  async memberDeletedCustomer(ws: WorkSpace, externalUserid: string, userid: string, d: Deletion): Promise<void> {
    await this.deps.repo.markAddDeleted(ws.id, externalUserid, userid, 'member', d.at, d.happenedAt);
  }

  async customerDeletedMember(ws: WorkSpace, externalUserid: string, userid: string, d: Deletion): Promise<void> {
    await this.deps.repo.markAddDeleted(ws.id, externalUserid, userid, 'customer', d.at, d.happenedAt);
    await this.deps.risk.afterCustomerDeleted(ws.id, userid);
  }

  // ---------------------------------------------------------------- the welcome message

  /**
   * Sends an add's welcome at once, from the add's own job: no job of its own to write, claim and finish
   * on the way to WeCom's 20 s. One WeCom could not take yet (busy, rate-limited, unreachable), or that
   * failed on our side, is left to a `welcome` job, tried again every 0.3 s while time remains.
   */
  private async welcomeNow(wsId: number, payload: WelcomePayload): Promise<void> {
    try {
      await this.sendWelcome(payload);
    } catch (err) {
      this.deps.log.info({ addId: payload.addId, error: err instanceof Error ? err.message : String(err) }, 'welcome message left to its job');
      await this.welcomeLater(wsId, payload, err instanceof RetryLater ? err.delayMs : 0);
    }
  }

  private async welcomeLater(wsId: number, payload: WelcomePayload, delayMs = 0): Promise<void> {
    await this.deps.jobs.enqueue(WELCOME_JOB, payload, { workSpaceId: wsId, idempotencyKey: `welcome:${payload.addId}`, runAt: Date.now() + delayMs });
  }

  private async sendWelcome(payload: WelcomePayload): Promise<void> {
    const { repo, clock } = this.deps;
    const add = await repo.findAdd(payload.addId);
    if (!add || add.welcome_status !== 'pending') return;
    const attempted = add.welcome_at !== null;
    const finish = (status: WelcomeStatus, error: string | null = null) =>
      repo.updateAdd(add.id, { welcome_status: status, welcome_at: status === 'sent' ? clock.now() : add.welcome_at, welcome_error: error });
    const timeLeft = () => payload.deadline - Date.now();
    if (timeLeft() <= 0) {
      // A send that was under way when the process died may or may not have gone out.
      return attempted ? finish('failed', '发送过程中服务中断，超过 20 秒时限，结果未知') : finish('missed', '超过企业微信 20 秒发送时限，未能发送');
    }
    const code = add.contact_way_id ? await repo.findAny(add.contact_way_id) : undefined;
    const ws = await this.deps.workSpaces.find(add.work_space_id);
    if (!code || !ws) return finish('skipped', '活码已不存在');
    const welcome = parseJsonColumn<WelcomeMessage>(code.welcome, EMPTY_WELCOME);
    const api = await this.deps.gateway.corp(ws);
    const text = await this.fillPlaceholders(ws, welcome.text, add.external_userid, add.userid, api);
    const attachments = await this.deps.materials.attachments(ws, api, welcome.materialIds);
    if (!text.trim() && !attachments.length) return finish('skipped', '欢迎语内容为空（素材可能已删除）');
    if (timeLeft() <= 0) return finish('missed', '超过企业微信 20 秒发送时限，未能发送');
    // Marks that a send is under way: after a crash, WeCom's "already sent" then means it went out.
    await repo.updateAdd(add.id, { welcome_at: clock.now() });
    try {
      await api.sendWelcomeMsg({ welcome_code: payload.welcomeCode, ...(text.trim() ? { text: { content: text } } : {}), attachments });
      return finish('sent');
    } catch (err) {
      if (!(err instanceof WecomError)) {
        if (timeLeft() > 300) throw new RetryLater(err instanceof Error ? err.message : String(err), 300);
        return finish('failed', '无法连接企业微信，欢迎语未能在 20 秒内发送');
      }
      if (err.errcode === 41051) {
        return attempted ? finish('sent') : finish('skipped', '客户已与成员开始聊天或已收到欢迎语（41051）');
      }
      if (err.errcode === 41050) return finish('missed', '欢迎语发送凭证已过期或无效（41050）');
      if (RETRYABLE.has(err.errcode)) {
        if (timeLeft() > 300) throw new RetryLater(wecomErrorMessage(err.errcode), 300);
        return finish('missed', `超过 20 秒时限仍未发送成功：${wecomErrorMessage(err.errcode)}`);
      }
      return finish('failed', wecomFailure(err).message);
    }
  }

  private async fillPlaceholders(ws: WorkSpace, text: string, externalUserid: string, userid: string, api: Awaited<ReturnType<WecomGateway['corp']>>) {
    let out = text;
    if (out.includes(WELCOME_PLACEHOLDERS.customer)) {
      let name = await this.deps.customers.name(ws.id, externalUserid);
      if (!name) name = (await api.externalContactGet(externalUserid).catch(() => undefined))?.external_contact?.name ?? '';
      out = out.split(WELCOME_PLACEHOLDERS.customer).join(name);
    }
    if (out.includes(WELCOME_PLACEHOLDERS.member)) {
      const name = (await this.deps.repo.memberInfo(ws.id, [userid])).get(userid)?.name ?? '';
      out = out.split(WELCOME_PLACEHOLDERS.member).join(name);
    }
    return out;
  }

  // ---------------------------------------------------------------- auto-tags

  /**
   * Marks an add's tags in WeCom (the re-read that follows brings them into our copy). A refusal that
   * trying again cannot fix is recorded on the add; any other failure is thrown, for the re-read to be
   * tried again later (nothing is marked twice: a done add is left alone).
   */
  private async markTags(ws: WorkSpace, add: ContactWayAdd): Promise<void> {
    const { repo } = this.deps;
    const code = add.contact_way_id ? await repo.findAny(add.contact_way_id) : undefined;
    const wanted = code ? parseJsonColumn<string[]>(code.tag_ids, []) : [];
    const live = await repo.tagNames(ws.id, wanted);
    const ids = wanted.filter((id) => live.has(id));
    if (!ids.length) {
      await repo.updateAdd(add.id, { tag_status: 'none', tag_error: !code ? '活码已不存在' : wanted.length ? '标签已被删除' : null });
      return;
    }
    const api = await this.deps.gateway.corp(ws);
    try {
      await api.markTag({ userid: add.userid, external_userid: add.external_userid, add_tag: ids });
    } catch (err) {
      if (!(err instanceof WecomError) || RETRYABLE.has(err.errcode) || err.unanswered) throw err;
      await repo.updateAdd(add.id, { tag_status: 'failed', tag_error: wecomFailure(err).message.slice(0, 500) });
      return;
    }
    await repo.updateAdd(add.id, { tag_status: 'done', tag_ids: JSON.stringify(ids), tag_error: null });
  }
}

// 消息中心 delivery (docs/notify.md). The notifications the domains write (risk control, loss alerts)
// are planned into deliveries — one row per (notification, recipient, channel), unique, made with its
// send job in one transaction — and each delivery is sent by a durable job:
//   pending → sending (its own commit, with the SMS credit taken) → the send → sent | failed | back to pending.
// A run that finds its delivery `sending` follows a process that stopped between the send and its
// record: it cannot know whether WeChat got it and marks it `unknown` rather than send it twice.
import { NOTICE_KIND_CLASS, NOTIFY_CLASSES, NOTIFY_SMS_GIFT, type NotifyAccountInfo, type NotifyClassKey, type NotifyMessageBody, type NotifyMessageList, type NotifyPageBody, type NotifyRechargeList } from '@scrm/contracts/notify';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import { pageWindow } from '../http/paging.js';
import { RetryLater, type JobContext, type JobQueue } from '../jobs/job-queue.js';
import { GzhSendError, type GzhClient } from '../outbound/gzh-client.js';
import type { SmsSender } from '../outbound/sms.js';
import { ownerOf } from '../workspace/workspace.service.js';
import type { DeliveryRepository, DeliveryRow, NewDelivery, UnplannedNotice } from './delivery.repository.js';
import type { RecipientService } from './recipient.service.js';

export const NOTIFY_PLAN_JOB = 'notify_plan';
export const NOTIFY_SEND_JOB = 'notify_send';

const PLAN_BATCH = 100;
const className = (key: string) => NOTIFY_CLASSES.find((c) => c.key === key)?.name ?? key;
const chinaTime = (t: number) => new Date(t).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

export const IN_DOUBT_REASON = '发送时进程中断，结果未知；为免重复不再重发';

export interface DeliveryDeps {
  repo: DeliveryRepository;
  recipients: RecipientService;
  gzh: GzhClient;
  sms: SmsSender;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  templateId: string;
  /** Where a template message links to (the console's message centre). */
  publicUrl: string;
}

export class NotifyDeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /** New notifications were written: plan them now (the minute schedule is the safety net). */
  async poke(): Promise<void> {
    await this.deps.jobs
      .enqueue(NOTIFY_PLAN_JOB, {}, { singletonKey: 'notify-plan' })
      .catch((err) => this.deps.log.warn({ err }, 'could not queue notification planning'));
  }

  /**
   * A domain's notice (sync failed, push finished …) written and delivered; a failure is logged, not
   * thrown: the work that raised it has nothing to retry for a notice.
   */
  async notify(wsId: number, n: { kind: string; title: string; content: string; refId: number | null }): Promise<void> {
    try {
      await this.deps.repo.insertNotice(wsId, n, this.deps.clock.now());
      await this.poke();
    } catch (err) {
      this.deps.log.error({ err, wsId, kind: n.kind }, 'notification not written');
    }
  }

  /** Every unplanned notification into its deliveries and their send jobs. */
  async planJob(): Promise<void> {
    for (;;) {
      const batch = await this.deps.repo.unplanned(PLAN_BATCH);
      for (const n of batch) await this.plan(n);
      if (batch.length < PLAN_BATCH) break;
    }
    this.deps.jobs.kick();
  }

  private async plan(n: UnplannedNotice): Promise<void> {
    const classKey = NOTICE_KIND_CLASS[n.kind];
    const deliveries: NewDelivery[] = [];
    if (classKey) {
      const setting = (await this.deps.recipients.settings(n.account_id)).find((s) => s.key === classKey)!;
      for (const r of await this.deps.recipients.recipientsFor(n.account_id, classKey)) {
        if (setting.enabled && r.openid) deliveries.push({ recipientId: r.id, channel: 'gzh', classKey, target: r.openid });
        if (setting.sms && r.phone) deliveries.push({ recipientId: r.id, channel: 'sms', classKey, target: r.phone });
      }
    }
    await this.deps.repo.plan(n, deliveries, this.deps.clock.now(), (trx, id) =>
      this.deps.jobs.enqueue(NOTIFY_SEND_JOB, { deliveryId: id }, { idempotencyKey: `notify-send:${id}`, trx }),
    );
  }

  /** One delivery (see the file's head for the states). */
  async sendJob(ctx: JobContext<{ deliveryId: number }>): Promise<void> {
    const d = await this.deps.repo.find(ctx.payload.deliveryId);
    if (!d || (d.status !== 'pending' && d.status !== 'sending')) return;
    const now = () => this.deps.clock.now();
    if (d.status === 'sending') {
      this.deps.log.warn({ deliveryId: d.id, channel: d.channel }, 'notification delivery found in flight after a stop: marked unknown, not sent again');
      await this.deps.repo.finish(d, { status: 'unknown', reason: IN_DOUBT_REASON }, now());
      return;
    }
    if (!(await ctx.held())) return;
    const notice = await this.deps.repo.notice(d.notification_id);
    if (!notice) return;
    if (!(await this.deps.recipients.stillAt(d.account_id, d.recipient_id, d.channel, d.target))) {
      await this.deps.repo.finish(d, { status: 'failed', reason: d.channel === 'gzh' ? '接收人已删除或已改绑微信，未发送' : '接收人已删除或已改手机号，未发送' }, now());
      return;
    }
    if (d.channel === 'sms') {
      await this.deps.repo.credit(d.account_id, NOTIFY_SMS_GIFT, now());
      const marked = await this.deps.repo.markSending(d.id, now(), { accountId: d.account_id });
      if (marked === 'no-credit') {
        await this.deps.repo.finish(d, { status: 'failed', reason: '短信余额不足，未发送' }, now());
        return;
      }
      if (!marked) return;
      try {
        await this.deps.sms.send(d.target, `【消息中心】${notice.title}：${notice.content}`.slice(0, 300));
      } catch (err) {
        await this.retryOrFail(ctx, d, `短信发送失败：${(err as Error).message}`);
        return;
      }
      await this.deps.repo.finish(d, { status: 'sent' }, now());
      return;
    }
    if (!(await this.deps.repo.markSending(d.id, now()))) return;
    let msgid: string;
    try {
      const space = await this.deps.repo.workSpaceName(notice.work_space_id);
      msgid = await this.deps.gzh.sendTemplate({
        touser: d.target,
        templateId: this.deps.templateId,
        url: `${this.deps.publicUrl}/notice/setting`,
        data: {
          first: { value: notice.title },
          keyword1: { value: className(d.class_key) },
          keyword2: { value: chinaTime(Number(notice.created_at)) },
          ...(space ? { keyword3: { value: space } } : {}),
          remark: { value: notice.content.slice(0, 200) },
        },
      });
    } catch (err) {
      if (err instanceof GzhSendError && err.sent === 'unknown') {
        await this.deps.repo.finish(d, { status: 'unknown', reason: `公众号未应答：${err.message}` }, now());
        return;
      }
      if (err instanceof GzhSendError && !err.retry) {
        await this.deps.repo.finish(d, { status: 'failed', reason: gzhReason(err) }, now());
        return;
      }
      await this.retryOrFail(ctx, d, `公众号发送失败：${(err as Error).message}`);
      return;
    }
    await this.deps.repo.finish(d, { status: 'sent', msgid }, now());
  }

  /** A send that certainly did not go: back to pending to be tried again, or failed on the last attempt. */
  private async retryOrFail(ctx: JobContext<unknown>, d: DeliveryRow, reason: string): Promise<void> {
    if (ctx.attempt >= ctx.job.max_attempts) {
      await this.deps.repo.finish(d, { status: 'failed', reason: `${reason}（已重试 ${ctx.attempt} 次）`, refund: d.channel === 'sms' }, this.deps.clock.now());
      return;
    }
    await this.deps.repo.backToPending(d, `${reason}（第 ${ctx.attempt} 次，稍后重试）`, this.deps.clock.now());
    throw new RetryLater(reason, Math.min(5 * 60_000, 1000 * 2 ** ctx.attempt));
  }

  /** The job failed for good (an error outside the send): the delivery, if still open, is failed. */
  async sendJobFailed(deliveryId: number, error: string): Promise<void> {
    const d = await this.deps.repo.find(deliveryId);
    if (!d) return;
    if (d.status === 'sending') await this.deps.repo.finish(d, { status: 'unknown', reason: IN_DOUBT_REASON }, this.deps.clock.now());
    else await this.deps.repo.finish(d, { status: 'failed', reason: `发送失败：${error}` }, this.deps.clock.now());
  }

  async log(caller: AuthContext, b: NotifyMessageBody): Promise<NotifyMessageList> {
    const { rows, total } = await this.deps.repo.log(ownerOf(caller), { status: b.status, classKey: b.classKey }, pageWindow(b.page, b.pageSize));
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        classKey: r.class_key as NotifyClassKey,
        title: r.title,
        content: r.content,
        recipientId: r.recipient_id,
        recipientName: r.recipient_name ?? '（已删除）',
        channel: r.channel,
        target: r.target,
        status: r.status,
        reason: r.reason,
        attempts: r.attempts,
        createdAt: Number(r.created_at),
        sentAt: r.sent_at === null ? null : Number(r.sent_at),
      })),
    };
  }

  async info(caller: AuthContext): Promise<NotifyAccountInfo> {
    const owner = ownerOf(caller);
    const credit = await this.deps.repo.credit(owner, NOTIFY_SMS_GIFT, this.deps.clock.now());
    const counts = await this.deps.recipients.counts(owner);
    return { smsBalance: credit.sms_balance, smsUsed: credit.sms_used, ...counts };
  }

  async recharges(caller: AuthContext, b: NotifyPageBody): Promise<NotifyRechargeList> {
    const owner = ownerOf(caller);
    await this.deps.repo.credit(owner, NOTIFY_SMS_GIFT, this.deps.clock.now());
    const { rows, total } = await this.deps.repo.recharges(owner, pageWindow(b.page, b.pageSize));
    return {
      total,
      list: rows.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount, balanceAfter: r.balance_after, note: r.note, createdAt: Number(r.created_at) })),
    };
  }
}

/** WeChat's answers in the operator's words. */
function gzhReason(err: GzhSendError): string {
  if (err.message.startsWith('43004')) return '接收人已取消关注公众号';
  if (err.message.startsWith('40003')) return '接收人的微信无效';
  if (err.message.startsWith('40037')) return '模板消息的模板无效（GZH_NOTIFY_TEMPLATE_ID）';
  return `公众号拒绝：${err.message}`;
}

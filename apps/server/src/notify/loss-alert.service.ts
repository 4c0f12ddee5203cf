// 流失提醒: a customer deleting a member (customer_loss), and a member deleting a customer
// (customer_deleted), each written once as a notification as the event is recorded, listed in the
// console and delivered to the message centre's recipients (delivery.service.ts, poked by `notified`).
import type { FastifyBaseLogger } from 'fastify';
import type { LossKind, LossList, LossListBody } from '@scrm/contracts/data';
import type { Clock } from '../clock/clock.js';
import type { CustomerEventListener } from '../customer/customer-event.service.js';
import type { CustomerEventRow } from '../customer/customer-event.repository.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { NewNotice, NotificationRepository } from './notification.repository.js';

const LOSS_KINDS: LossKind[] = ['customer_loss', 'customer_deleted'];

export class LossAlertService implements CustomerEventListener {
  constructor(private readonly deps: { repo: NotificationRepository; clock: Clock; log: FastifyBaseLogger; notified?: () => void }) {}

  /** A failure is logged, not thrown: the callback that recorded the event has nothing to retry. */
  async recorded(wsId: number, events: CustomerEventRow[]): Promise<void> {
    try {
      await this.notify(wsId, events);
    } catch (err) {
      this.deps.log.error({ err, wsId }, 'loss alerts not written for new customer events');
    }
  }

  private async notify(wsId: number, events: CustomerEventRow[]): Promise<void> {
    const notices: NewNotice[] = [];
    for (const e of events) {
      if (e.kind !== 'delete_by_customer' && e.kind !== 'delete_by_member') continue;
      const customer = (await this.deps.repo.customerName(wsId, e.external_userid)) ?? e.external_userid;
      const member = (await this.deps.repo.memberName(wsId, e.userid)) ?? e.userid;
      const byCustomer = e.kind === 'delete_by_customer';
      notices.push({
        kind: byCustomer ? 'customer_loss' : 'customer_deleted',
        title: byCustomer ? '客户流失提醒' : '成员删除客户提醒',
        content: byCustomer ? `客户「${customer}」删除了成员「${member}」` : `成员「${member}」删除了客户「${customer}」`,
        externalUserid: e.external_userid,
        userid: e.userid,
        refId: Number(e.id),
        createdAt: this.deps.clock.now(),
      });
    }
    await this.deps.repo.insert(wsId, notices);
    if (notices.length) this.deps.notified?.();
  }

  async list(ws: WorkSpace, b: LossListBody): Promise<LossList> {
    const { offset, limit } = pageWindow(b.page, b.pageSize);
    const { rows, total } = await this.deps.repo.list(ws.id, b.kind ? [b.kind] : LOSS_KINDS, { offset, limit });
    return {
      total,
      list: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind as LossKind,
        title: r.title,
        content: r.content,
        externalUserid: r.external_userid,
        userid: r.userid,
        createdAt: Number(r.created_at),
        readAt: r.read_at === null ? null : Number(r.read_at),
      })),
    };
  }

  /** 404 when any id is not a loss notice of this work space. */
  async markRead(ws: WorkSpace, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await this.deps.repo.countOf(ws.id, LOSS_KINDS, unique)) !== unique.length) throw new AppError(404, '提醒不存在');
    await this.deps.repo.markRead(ws.id, LOSS_KINDS, unique, this.deps.clock.now());
  }
}

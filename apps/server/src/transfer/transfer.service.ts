// 客户继承: hands customers from one member to another through WeCom — 在职继承 (transfer_customer) and
// 离职继承 (resigned/transfer_customer, for customers of departed members from get_unassigned_list) —
// and follows each to its end: the customer has 24 hours to refuse, a transfer_fail event says they did
// (or the taker is at their limit), and a scheduled job asks transfer_result about the ones still waiting.
// A departed owner's groups go to a new owner at once (groupchat/transfer).
import { TRANSFER_STATUS_LABEL, type GroupTransferBody, type GroupTransferResult, type MemberCustomerList, type MemberCustomersBody, type ResignedGroupList, type TransferCheck, type TransferCustomerBody, type TransferList, type TransferListBody, type TransferStarted, type UnassignedBody, type UnassignedList } from '@scrm/contracts/transfer';
import { wecomErrorMessage } from '@scrm/wecom/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import type { CustomerEventService } from '../customer/customer-event.service.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import { queueCustomerRefresh } from '../callback/callback.service.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SyncService } from '../sync/sync.service.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import { WAITING, type TransferRepository, type TransferValues } from './transfer.repository.js';

export const TRANSFER_CHECK_JOB = 'transfer_check';
/** WeCom takes ≤100 customers (or groups) per call. */
const PER_CALL = 100;
/** status 0: WeCom would not start the transfer (errcode says why). */
const NOT_STARTED = 0;

const chunks = <T>(a: T[], n = PER_CALL) => Array.from({ length: Math.ceil(a.length / n) }, (_, i) => a.slice(i * n, i * n + n));

export class TransferService {
  constructor(
    private readonly deps: {
      repo: TransferRepository;
      workSpaces: WorkSpaceRepository;
      gateway: WecomGateway;
      sync: SyncService;
      jobs: JobQueue;
      customerEvents: CustomerEventService;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  private async api(ws: WorkSpace) {
    return this.deps.gateway.corp(ws);
  }

  async list(ws: WorkSpace, body: TransferListBody): Promise<TransferList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const q = { kind: body.kind, status: body.status };
    const [rows, total, counts] = await Promise.all([
      this.deps.repo.list(ws.id, { ...q, offset, limit }),
      this.deps.repo.count(ws.id, q),
      this.deps.repo.countsByStatus(ws.id, body.kind),
    ]);
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        handoverUserid: r.handover_userid,
        handoverName: r.handover_name ?? r.handover_userid,
        takeoverUserid: r.takeover_userid,
        takeoverName: r.takeover_name ?? r.takeover_userid,
        externalUserid: r.external_userid,
        customerName: r.customer_name ?? r.external_userid,
        status: Number(r.status),
        statusText: TRANSFER_STATUS_LABEL[Number(r.status)] ?? String(r.status),
        error: Number(r.status) === NOT_STARTED ? wecomErrorMessage(Number(r.errcode)) : '',
        takeoverTime: r.takeover_time === null ? null : Number(r.takeover_time),
        createdAt: Number(r.created_at),
      })),
      total,
      counts,
    };
  }

  /** Starts transfers (≤100 per WeCom call): each customer WeCom accepted waits for the customer; the others are kept with WeCom's reason. */
  async start(ws: WorkSpace, caller: AuthContext, body: TransferCustomerBody): Promise<TransferStarted> {
    if (body.handoverUserid === body.takeoverUserid) throw new AppError(400, '接替成员不能是原跟进成员');
    // A departed member has left the address book: only the in-service one is looked up.
    await this.knownMembers(ws, body.kind === 'onjob' ? [body.handoverUserid, body.takeoverUserid] : [body.takeoverUserid]);
    const ids = [...new Set(body.externalUserids)];
    const api = await this.api(ws);
    const rows: TransferValues[] = [];
    const failed: TransferStarted['failed'] = [];
    const now = this.deps.clock.now();
    try {
      for (const part of chunks(ids)) {
        const request = { handover_userid: body.handoverUserid, takeover_userid: body.takeoverUserid, external_userid: part };
        const { customer = [] } =
          body.kind === 'onjob'
            ? await api.transferCustomer(body.message ? { ...request, transfer_success_msg: body.message } : request)
            : await api.resignedTransferCustomer(request);
        for (const c of customer) {
          rows.push({
            work_space_id: ws.id,
            kind: body.kind,
            handover_userid: body.handoverUserid,
            takeover_userid: body.takeoverUserid,
            external_userid: c.external_userid,
            status: c.errcode === 0 ? WAITING : NOT_STARTED,
            errcode: c.errcode,
            takeover_time: null,
            created_by: caller.accountId,
            created_at: now,
            updated_at: now,
            checked_at: null,
          });
          if (c.errcode !== 0) failed.push({ externalUserid: c.external_userid, errcode: c.errcode, error: wecomErrorMessage(c.errcode) });
        }
      }
    } catch (err) {
      // What WeCom took before the failure is kept: those customers are being transferred.
      await this.deps.repo.insert(rows);
      throw wecomFailure(err);
    }
    await this.deps.repo.insert(rows);
    return { started: rows.length - failed.length, failed };
  }

  /** Members named in a request must be in the synced address book (WeCom is not asked about strangers). */
  private async knownMembers(ws: WorkSpace, userids: string[]): Promise<void> {
    const { members } = await this.deps.repo.names(ws.id, userids, []);
    const missing = userids.find((u) => !members.has(u));
    if (missing !== undefined) throw new AppError(400, `成员 ${missing} 不存在，请先同步成员`);
  }

  /** A member's customers to choose from for 在职继承. */
  async memberCustomers(ws: WorkSpace, body: MemberCustomersBody): Promise<MemberCustomerList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      this.deps.repo.listMemberCustomers(ws.id, body.userid, { keyword: body.keyword, offset, limit }),
      this.deps.repo.countMemberCustomers(ws.id, body.userid, body.keyword),
    ]);
    return {
      list: rows.map((r) => ({
        externalUserid: r.external_userid,
        name: r.name ?? r.external_userid,
        remark: r.remark,
        addedAt: Number(r.createtime),
        waiting: Boolean(r.waiting),
      })),
      total,
    };
  }

  /** Customers of departed members nobody has taken over, as WeCom lists them now. */
  async unassigned(ws: WorkSpace, body: UnassignedBody): Promise<UnassignedList> {
    const api = await this.api(ws);
    const { info = [] } = await api.unassignedList().catch((err) => {
      throw wecomFailure(err);
    });
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const page = info.slice(offset, offset + limit);
    const names = await this.deps.repo.names(ws.id, [...new Set(page.map((i) => i.handover_userid))], page.map((i) => i.external_userid));
    return {
      list: page.map((i) => ({
        handoverUserid: i.handover_userid,
        handoverName: names.members.get(i.handover_userid) ?? i.handover_userid,
        externalUserid: i.external_userid,
        customerName: names.customers.get(i.external_userid) ?? i.external_userid,
        dimissionTime: i.dimission_time * 1000,
      })),
      total: info.length,
    };
  }

  /**
   * Asks WeCom where each waiting transfer of the work space stands: one transfer_result per handover,
   * takeover and kind. A customer taken over is re-read (the relation moved).
   */
  async check(ws: WorkSpace): Promise<TransferCheck> {
    const waiting = await this.deps.repo.waiting(ws.id);
    if (!waiting.length) return { checked: 0, changed: 0 };
    const api = await this.api(ws);
    const pairs = new Map<string, typeof waiting>();
    for (const w of waiting) {
      const key = `${w.kind}\u0000${w.handover_userid}\u0000${w.takeover_userid}`;
      pairs.set(key, [...(pairs.get(key) ?? []), w]);
    }
    let changed = 0;
    const now = this.deps.clock.now();
    for (const rows of pairs.values()) {
      const { kind, handover_userid, takeover_userid } = rows[0]!;
      const request = { handover_userid, takeover_userid };
      const { customer = [] } = kind === 'onjob' ? await api.transferResult(request) : await api.resignedTransferResult(request);
      const status = new Map(customer.map((c) => [c.external_userid, c]));
      for (const row of rows) {
        const c = status.get(row.external_userid);
        if (!c || c.status === WAITING) continue;
        const at = c.status === 1 && c.takeover_time ? c.takeover_time * 1000 : null;
        if (!(await this.deps.repo.settle(Number(row.id), c.status, at, now))) continue;
        changed++;
        await this.recordEnd(ws, row, c.status, at ?? now);
        if (c.status === 1) await queueCustomerRefresh(this.deps.jobs, ws.id, row.external_userid);
      }
    }
    await this.deps.repo.touch(waiting.map((w) => Number(w.id)), now);
    return { checked: waiting.length, changed };
  }

  /** TRANSFER_CHECK_JOB (composition/job-registry.ts): every work space with transfers waiting. */
  async checkJob(): Promise<void> {
    for (const wsId of await this.deps.repo.spacesWaiting()) {
      const ws = await this.deps.workSpaces.find(wsId);
      if (!ws) continue;
      try {
        await this.check(ws);
      } catch (err) {
        // One corp's WeCom failing leaves the others to be checked; the next run tries it again.
        this.deps.log.warn({ err, wsId }, 'transfer check failed');
      }
    }
  }

  /** transfer_fail: the customer refused, or the taker is at their customer limit. */
  async transferFailed(ws: WorkSpace, e: { takeoverUserid: string; externalUserid: string; reason: string; at: number }): Promise<void> {
    const row = await this.deps.repo.findWaiting(ws.id, e.takeoverUserid, e.externalUserid);
    if (!row) return;
    const status = e.reason === 'customer_limit_exceed' ? 4 : 3;
    if (await this.deps.repo.settle(Number(row.id), status, null, e.at)) await this.recordEnd(ws, row, status, e.at);
  }

  /** The customer's timeline: a transfer that ended (taken over, refused, or the taker at their limit), once per transfer. */
  private async recordEnd(ws: WorkSpace, row: { id: number; kind: string; handover_userid: string; takeover_userid: string; external_userid: string }, status: number, at: number) {
    await this.deps.customerEvents.record(ws.id, [
      {
        externalUserid: row.external_userid,
        userid: row.takeover_userid,
        kind: 'transfer',
        at,
        detail: { kind: row.kind, handover: row.handover_userid, takeover: row.takeover_userid, status, statusText: TRANSFER_STATUS_LABEL[status] },
        dedupeKey: `transfer:${row.id}`,
      },
    ]);
  }

  /** Groups whose owner left, as WeCom lists them now (status 1), named from the synced groups. */
  async resignedGroups(ws: WorkSpace, body: UnassignedBody): Promise<ResignedGroupList> {
    const api = await this.api(ws);
    const { group_chat_list = [] } = await api.groupChatList({ status_filter: 1 }).catch((err) => {
      throw wecomFailure(err);
    });
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const page = group_chat_list.slice(offset, offset + limit).map((g) => g.chat_id);
    const known = new Map((await this.deps.repo.groups(ws.id, page)).map((g) => [g.chat_id, g]));
    return {
      list: page.map((chatId) => {
        const g = known.get(chatId);
        return { chatId, name: g?.name ?? '', owner: g?.owner ?? '', ownerName: g?.owner_name ?? g?.owner ?? '', memberCount: Number(g?.member_count ?? 0) };
      }),
      total: group_chat_list.length,
    };
  }

  /** A departed owner's groups to a new owner (≤100 per WeCom call); the moved groups are re-read. */
  async transferGroups(ws: WorkSpace, body: GroupTransferBody): Promise<GroupTransferResult> {
    await this.knownMembers(ws, [body.newOwner]);
    const api = await this.api(ws);
    const ids = [...new Set(body.chatIds)];
    const failed: GroupTransferResult['failed'] = [];
    try {
      for (const part of chunks(ids)) {
        const { failed_chat_list = [] } = await api.groupChatTransfer({ chat_id_list: part, new_owner: body.newOwner });
        for (const f of failed_chat_list) if (f.errcode !== 0) failed.push({ chatId: f.chat_id, errcode: f.errcode, error: wecomErrorMessage(f.errcode) });
      }
      const bad = new Set(failed.map((f) => f.chatId));
      for (const id of ids) if (!bad.has(id)) await this.deps.sync.refreshGroup(ws.id, api, id, 3);
    } catch (err) {
      throw wecomFailure(err);
    }
    return { moved: ids.length - failed.length, failed };
  }
}

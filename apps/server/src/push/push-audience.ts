// Who a push reaches, walked in slices by keyset (customer or chat id order): customers as the customer
// list filters them (each once, with the member of their latest matching relation), only those in
// `chatIds` when given, and those at WeCom's monthly cap counted apart; or groups by owner. Used by 预计送达
// (counting) and by the plan (writing targets slice by slice, resumable after the last slice written).
import type { PushAudience, PushChatType } from '@scrm/contracts/push';
import { CHINA_OFFSET_MS } from '@scrm/contracts/china-time';
import type { CustomerListService } from '../customer/customer-list.service.js';
import { nextTurn } from '../db/next-turn.js';
import type { GroupService } from '../group/group.service.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { PushRepository } from './push.repository.js';

/** Customers (or groups) read per slice. */
export const AUDIENCE_SLICE = 2_000;

export interface AudienceTarget {
  targetId: string;
  userid: string;
  overCap: boolean;
}

/** The China-time month of `t`: its first instant and its number of days (WeCom's monthly cap per customer). */
export function chinaMonth(t: number): { start: number; days: number } {
  const d = new Date(t + CHINA_OFFSET_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { start: Date.UTC(y, m, 1) - CHINA_OFFSET_MS, days: new Date(Date.UTC(y, m + 1, 0)).getUTCDate() };
}

export class PushAudienceWalker {
  constructor(private readonly deps: { repo: PushRepository; customerList: CustomerListService; groups: GroupService }) {}

  /** The audience's slices after `after`, each with the cursor to resume after it; a turn of the event loop between slices. */
  async *slices(ws: WorkSpace, chatType: PushChatType, audience: PushAudience, after: string, now: number): AsyncGenerator<{ targets: AudienceTarget[]; cursor: string }> {
    if (chatType === 'group') {
      const q = { owners: audience.chatIds?.length ? undefined : audience.ownerUserids, chatIds: audience.chatIds };
      for (let from = after; ; ) {
        const rows = await this.deps.groups.ownedAfter(ws, q, from, AUDIENCE_SLICE);
        if (!rows.length) return;
        from = rows[rows.length - 1]!.chat_id;
        yield { targets: rows.map((g) => ({ targetId: g.chat_id, userid: g.owner, overCap: false })), cursor: from };
        await nextTurn();
      }
    }
    const inGroups = audience.chatIds?.length ? new Set(await this.deps.groups.customersIn(ws, audience.chatIds)) : undefined;
    const filter = {
      userids: audience.userids,
      tagIds: audience.tagIds,
      tagMode: audience.tagIds?.length ? audience.tagMode : undefined,
      contactWayIds: audience.contactWayIds,
      addedFrom: audience.addedFrom,
      addedTo: audience.addedTo,
      gender: audience.gender,
    };
    const month = chinaMonth(now);
    for (let from = after; ; ) {
      const keys = await this.deps.customerList.audienceAfter(ws, filter, from, AUDIENCE_SLICE);
      if (!keys.length) return;
      from = keys[keys.length - 1]!.external_userid;
      const picked = inGroups ? keys.filter((k) => inGroups.has(k.external_userid)) : keys;
      const received = await this.deps.repo.received(ws.id, picked.map((k) => k.external_userid), month.start);
      yield {
        targets: picked.map((k) => ({ targetId: k.external_userid, userid: k.userid, overCap: (received.get(k.external_userid) ?? 0) >= month.days })),
        cursor: from,
      };
      await nextTurn();
    }
  }
}

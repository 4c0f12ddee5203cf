// 客户动态: records what happened to a customer, once per happening (the dedupe key), for the
// customer's timeline and the data centre. Domains record through here, never into the table.
import type { CustomerEventKind } from '../db/tables.js';
import type { CustomerEventRepository, CustomerEventRow } from './customer-event.repository.js';

export interface CustomerHappening {
  externalUserid: string;
  /** The member concerned, if any. */
  userid?: string;
  kind: CustomerEventKind;
  /** When it happened (epoch ms). */
  at: number;
  detail?: Record<string, unknown>;
  /** The same key twice records once (e.g. `cb:<callback id>:<kind>:<userid>`). */
  dedupeKey?: string;
}

/** Told of each event as it is first recorded (the data centre's roll-ups, loss alerts). */
export interface CustomerEventListener {
  recorded(wsId: number, events: CustomerEventRow[]): Promise<void>;
}

export class CustomerEventService {
  private readonly listeners: CustomerEventListener[] = [];

  constructor(private readonly repo: CustomerEventRepository) {}

  /** Wired once in services.ts. */
  listen(listener: CustomerEventListener): void {
    this.listeners.push(listener);
  }

  /** Records the happenings; returns those that were new. */
  async record(wsId: number, happenings: CustomerHappening[]): Promise<CustomerEventRow[]> {
    const rows = await this.repo.insert(
      happenings.map((h) => ({
        work_space_id: wsId,
        external_userid: h.externalUserid,
        userid: h.userid ?? '',
        kind: h.kind,
        at: h.at,
        detail: JSON.stringify(h.detail ?? {}),
        dedupe_key: h.dedupeKey ?? null,
      })),
    );
    if (rows.length) for (const l of this.listeners) await l.recorded(wsId, rows);
    return rows;
  }

  ofCustomer(wsId: number, externalUserid: string, limit = 500): Promise<CustomerEventRow[]> {
    return this.repo.ofCustomer(wsId, externalUserid, limit);
  }
}

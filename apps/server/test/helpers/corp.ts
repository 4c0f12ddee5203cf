// A simulator corp connected to an account as a self-built app, synced, with its callback pointed at
// the server: what every acquisition test starts from.
import type { Selectable } from 'kysely';
import { WecomCrypto } from '@scrm/wecom/crypto';
import type { DB } from '../../src/db/tables.js';
import type { Harness } from './harness.js';

export interface ConnectedCorp {
  corpId: string;
  corpName: string;
  secret: string;
  wsId: number;
  /** Headers of a workspace-scoped call. */
  headers: Record<string, string>;
}

export async function until<T>(what: string, fn: () => Promise<T | undefined | false | null>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function connectCorp(
  h: Harness,
  token: string,
  opts: { seed: string; name?: string; size?: Partial<Record<'departments' | 'members' | 'customers' | 'groups' | 'tags', number>> },
): Promise<ConnectedCorp> {
  const created = await h.simCall('POST', '/control/corps', {
    name: opts.name ?? '测试科技',
    seed: opts.seed,
    size: { departments: 3, members: 6, customers: 10, groups: 1, tags: 3, ...opts.size },
  });
  if (created.status !== 200) throw new Error(`corp: ${JSON.stringify(created.body)}`);
  const corp = created.body as { corpId: string; corpName: string; secret: string; agentId: number };
  const r = await h.api('/api/qw/add', { accessType: 'internal', nickname: corp.corpName, corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret }, token);
  if (r.status !== 200) throw new Error(`qw/add: ${r.status} ${r.message}`);
  const wsId = r.data.id as number;
  const info = await until('sync done', async () => {
    const i = (await h.api('/api/qw/info', { id: wsId }, token)).data;
    if (i.sync.status === 'failed') throw new Error(i.sync.error);
    return i.sync.status === 'done' && i;
  }, 30_000);
  const cb = await h.simCall('POST', `/control/corps/${corp.corpId}/callback`, {
    url: info.callbackUrl.replace(h.config.publicUrl, h.baseUrl),
    token: info.token,
    encodingAesKey: info.encodingAesKey,
  });
  if (!cb.body.verified) throw new Error('callback not verified');
  return { corpId: corp.corpId, corpName: corp.corpName, secret: corp.secret, wsId, headers: { 'x-work-id': String(wsId) } };
}

/** Members of the corp who may receive customers (customer-contact permission), in a stable order. */
export async function contactMembers(h: Harness, corpId: string): Promise<Array<{ userid: string; name: string }>> {
  const snap = (await h.simCall('GET', `/control/corps/${corpId}/snapshot`)).body as { members: Array<{ userid: string; name: string; customer_contact: boolean }> };
  return snap.members.filter((m) => m.customer_contact).map((m) => ({ userid: m.userid, name: m.name }));
}

/** Every callback stored so far is processed and the jobs it queued are done. */
export const settle = (h: Harness) =>
  until('callbacks and jobs done', async () => {
    await h.server.services.jobs.idle();
    const pending = await h.server.database.kysely.selectFrom('callback_event').select('id').where('processed_at', 'is', null).execute();
    return pending.length === 0;
  });

/** A relation's (customer × member) rows in the work space's follow_relation (one) or follow_tag (one a tag). */
export function relationRows<T extends 'follow_relation' | 'follow_tag'>(h: Harness, wsId: number, table: T, externalUserid: string, userid: string) {
  return h.server.database.kysely
    .selectFrom(table as 'follow_relation' | 'follow_tag')
    .selectAll()
    .where('work_space_id', '=', wsId)
    .where('external_userid', '=', externalUserid)
    .where('userid', '=', userid)
    .execute() as Promise<Array<Selectable<DB[T]>>>;
}

/**
 * The WeCom client's own quick retries of a busy answer (3.5 s per attempt) are off until the returned
 * function is called: each job attempt is then one call, and a test can count them.
 */
export function withoutQuickBusyRetries(h: Harness): () => void {
  const retry = (h.server.services.contactWays.deps.gateway.client as unknown as { retry: { busyRetries: number } }).retry;
  const busyRetries = retry.busyRetries;
  retry.busyRetries = 0;
  return () => {
    retry.busyRetries = busyRetries;
  };
}

/**
 * Posts corp events to the work space's callback URL as WeCom would: `<xml>` around the fields after Event
 * (`fields`: `<ChangeType>…</ChangeType>…`), sealed with the corp's callback keys. Resolves to the HTTP status.
 */
export async function callbackSender(h: Harness, token: string, corp: ConnectedCorp) {
  const info = (await h.api('/api/qw/info', { id: corp.wsId }, token)).data;
  const crypto = new WecomCrypto({ token: info.token, encodingAesKey: info.encodingAesKey, receiveId: corp.corpId });
  return async (event: string, fields: string, createTime: number): Promise<number> => {
    const xml = `<xml><ToUserName><![CDATA[${corp.corpId}]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName><CreateTime>${createTime}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>${fields}</xml>`;
    const sealed = crypto.seal(xml);
    const res = await fetch(`${h.baseUrl}/api/wecom/callback/${corp.wsId}?${new URLSearchParams(sealed.query)}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: sealed.xml });
    return res.status;
  };
}

// What the code tests (staff codes, one-customer-one-code) start from: a main account with a synced
// simulator corp, another account with a corp of its own (tenancy), child accounts holding given
// permission keys, and the corp's snapshot; the wait for a scanned customer's add to settle; and the body
// of a plain channel code.
import { expect } from 'vitest';
import { connectCorp, settle, until, type ConnectedCorp } from './corp.js';
import { uniquePhone, type Harness } from './harness.js';
import { createChild } from './child.js';

export interface CodeWorld {
  main: string;
  other: string;
  /** The child accounts' tokens, in the order asked for. */
  kids: string[];
  corp: ConnectedCorp;
  wsId: number;
  otherWsId: number;
  snap: any;
  tagIds: string[];
}

export async function codeWorld(
  h: Harness,
  opts: { seed: string; otherSeed: string; name: string; members: number; kids: Array<{ account: string; keys: string[] }> },
): Promise<CodeWorld> {
  const main = await h.register(uniquePhone());
  const other = await h.register(uniquePhone());
  for (const { account, keys } of opts.kids) {
    expect((await createChild(h, { account, password: 'kidpass1', permissionKeys: keys }, main)).status).toBe(200);
  }
  const kids: string[] = [];
  for (const { account } of opts.kids) kids.push((await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token);
  const connect = (token: string, seed: string, members: number) =>
    connectCorp(h, token, { seed, name: `${opts.name}${seed}`, size: { departments: 3, members, customers: 10, groups: 1, tags: 6 } });
  const corp = await connect(main, opts.seed, opts.members);
  const otherWsId = (await connect(other, opts.otherSeed, 3)).wsId;
  const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body;
  const tagIds = snap.tagGroups.flatMap((g: any) => g.tag.map((t: any) => t.id));
  return { main, other, kids, corp, wsId: corp.wsId, otherWsId, snap, tagIds };
}

/** The add of a scanned customer has been recorded, welcomed and tagged. */
export const scannedAdd = (h: Harness, externalUserid: string) =>
  until('the add settled', async () => {
    await settle(h);
    const add = await h.server.database.kysely.selectFrom('contact_way_add').selectAll().where('external_userid', '=', externalUserid).executeTakeFirst();
    return add && add.welcome_status !== 'pending' && add.tag_status !== 'pending' && add;
  });

/** A 新建渠道活码 body: these members in order, no cap, schedule, tags or welcome; `over` sets the rest. */
export const channelCodeBody = (name: string, userids: string[], over: Record<string, unknown> = {}) => ({
  name,
  members: userids.map((userid) => ({ userid })),
  distribution: 'in_order',
  dailyCap: 0,
  schedule: [],
  tagIds: [],
  welcome: { text: '', materialIds: [] },
  skipVerify: true,
  ...over,
});

/** A 员工活码 for one member, made in WeCom: its id, state and the WeCom way's config_id (to scan). */
export async function staffCodeFor(
  h: Harness,
  token: string,
  corp: ConnectedCorp,
  userid: string,
  opts: { tagIds?: string[]; welcome?: string } = {},
): Promise<{ id: number; state: string; configId: string }> {
  const r = await h.api('/api/qw/staff/code/add', { userids: [userid], tagIds: opts.tagIds ?? [], welcome: { text: opts.welcome ?? '', materialIds: [] }, skipVerify: true }, token, corp.headers);
  expect(r.status, r.message).toBe(200);
  const id = r.data.ids[0] as number;
  await settle(h);
  const { state } = await h.server.database.kysely.selectFrom('contact_way').select('state').where('id', '=', id).executeTakeFirstOrThrow();
  const ways = (await h.simCall('GET', `/control/corps/${corp.corpId}/contact-ways`)).body.list as Array<{ state: string; config_id: string }>;
  return { id, state, configId: ways.find((w) => w.state === state)!.config_id };
}

// What the fuzz and tenant-isolation matrices start from: account A with a connected work space and
// one object of every kind (codes, groups, batches and leads, materials and files, risk plans and a
// risk record, a customer added through A's channel code, a child account, an authorisation state),
// and account B with its own connected work space and nothing else. A's ids are collected by kind,
// and A's names carry a marker that must never show in B's answers.
import QRCode from 'qrcode';
import type { RouteEntry } from '../../src/http/route-table.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';
import { seedDistributor } from '../helpers/distributor.js';

/** In every name A gives its objects; B's answers must never contain it. */
export const A_MARK = 'A专属';

export interface AccountFixture {
  token: string;
  accountId: number;
  corp: ConnectedCorp;
  /** A member of the corp who may receive customers, and a corp tag: what a valid body of this account names. */
  userid: string;
  tagId: string;
}

export interface AIds {
  workSpace: number;
  channelCode: number;
  codeGroup: number;
  memberGroup: number;
  staffCode: number;
  leadBatch: number;
  lead: number;
  material: number;
  textMaterial: number;
  materialGroup: number;
  materialFile: number;
  cronPlan: number;
  limitPlan: number;
  riskRecord: number;
  child: number;
  /** The child's 功能角色. */
  role: number;
  contactWayAdd: number;
  /** String ids. */
  externalUserid: string;
  userid: string;
  tagId: string;
  authState: string;
  fileToken: string;
  /** A's main account: a customer of distributor A (分销商门户). */
  account: number;
}

export interface Fixtures {
  h: Harness;
  a: AccountFixture;
  b: AccountFixture;
  ids: AIds;
  /** Distributors (分销商门户): A's account is distributor A's customer, B's distributor B's; each with a live session. */
  distributors: { a: { id: number; token: string }; b: { id: number; token: string } };
  /** Strings only A's data contains (names, corp id, customer and member ids that B's corp lacks). */
  markers: string[];
  /** POST a JSON body as `token` (with `headers`) through app.inject; the status and the parsed answer. */
  call(method: string, url: string, opts: { token?: string; headers?: Record<string, string>; payload?: string | Buffer }): Promise<{ status: number; body: string; json: any }>;
}

const WORKDAYS = [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }];

async function accountIdOf(h: Harness, token: string): Promise<number> {
  const r = await h.api('/api/account/info', undefined, token);
  if (r.status !== 200) throw new Error(`account/info ${r.status} ${r.message}`);
  return r.data.id as number;
}

/**
 * A fresh app with accounts A (everything) and B (a connected work space only). The scheduler is
 * stopped once the fixtures stand, so no minute tick writes rows while the matrices count them.
 */
export async function setUpFixtures(opts: { withB?: boolean } = {}): Promise<Fixtures> {
  const h = await startHarness({ LOGIN_MAX_FAILURES: '100000' });
  const tokenA = await h.register(uniquePhone());
  const corpA = await connectCorp(h, tokenA, { seed: 'matrix-a', name: `${A_MARK}科技`, size: { members: 6, customers: 4, tags: 2 } });
  const api = (path: string, body?: unknown) => h.api(path, body, tokenA, corpA.headers);
  const must = async (path: string, body?: unknown) => {
    const r = await api(path, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.message}`);
    return r.data;
  };

  const members = await contactMembers(h, corpA.corpId);
  const [m0, m1] = [members[0]!.userid, members[1]!.userid];
  const tagId = (await must('/api/qw/tag/list', {})).list[0].tags[0].id as string;

  // Materials: an uploaded image, an image material, a group and a text material in it.
  const png = await QRCode.toBuffer('matrix', { width: 64 });
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${A_MARK}图.png`);
  const up = await fetch(`${h.baseUrl}/api/material/upload`, { method: 'POST', headers: { authorization: `Bearer ${tokenA}`, ...corpA.headers }, body: form });
  const upJson = (await up.json()) as any;
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${upJson.message}`);
  const file = upJson.data as { fileId: number; url: string };
  const materialGroup = (await must('/api/material/group/add', { name: `${A_MARK}素材组` })).id as number;
  const material = (await must('/api/material/add', { type: 'image', title: `${A_MARK}图片`, fileId: file.fileId })).id as number;
  const textMaterial = (await must('/api/material/add', { type: 'text', title: `${A_MARK}文本`, content: `${A_MARK}内容`, groupId: materialGroup })).id as number;

  // A member group of two members.
  const memberGroup = (await must('/api/qw/member/group/add', { name: `${A_MARK}成员组`, userids: [m0, m1] })).id as number;

  // Codes: a group, a channel code in it, a staff code, a lead batch with one lead.
  const codeGroup = (await must('/api/qw/lxw/group/add', { name: `${A_MARK}分组` })).id as number;
  const code = await must('/api/qw/lxw/add', {
    name: `${A_MARK}渠道码`,
    groupId: codeGroup,
    members: [{ userid: m0 }, { userid: m1 }],
    // Both receive (random), so a scan may land on m1.
    distribution: 'random',
    dailyCap: 0,
    schedule: [],
    tagIds: [tagId],
    welcome: { text: `${A_MARK}欢迎语`, materialIds: [material] },
    skipVerify: true,
  });
  const staffCode = (await must('/api/qw/staff/code/add', { userids: [m0], name: `${A_MARK}员工码`, tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true })).ids[0] as number;
  const batch = await must('/api/qw/customer/code/batch/add', {
    name: `${A_MARK}批次`,
    userid: m0,
    expiresDays: 3,
    tagIds: [],
    welcome: { text: '', materialIds: [] },
    skipVerify: true,
    leads: [{ name: `${A_MARK}客户`, phone: '13800138000', remark: A_MARK }],
  });
  await h.server.services.jobs.idle();
  const lead = (await must('/api/qw/customer/code/lead/list', { batchId: batch.id })).list[0].id as number;

  // Risk: a cron plan, and a limit plan of one add a day that a scan of m1 trips (a risk record).
  const cronPlan = (await must('/api/qw/risk/plan/add', { name: `${A_MARK}定时`, userids: [m0], schedule: WORKDAYS, enabled: false })).id as number;
  const limitPlan = (await must('/api/qw/limit/plan/add', { name: `${A_MARK}上限`, userids: [m1], dailyCap: 1, hourlyCap: 0, burst: null, deleteRate: null, enabled: true })).id as number;
  const db = h.server.database.kysely;
  const scan = await h.simCall('POST', `/control/corps/${corpA.corpId}/scan`, { configId: code.configId, userid: m1, name: `${A_MARK}微信客户` });
  if (scan.status !== 200) throw new Error(`scan: ${JSON.stringify(scan.body)}`);
  const externalUserid = scan.body.externalUserid as string;
  const add = await until('add recorded', async () => db.selectFrom('contact_way_add').select('id').where('work_space_id', '=', corpA.wsId).executeTakeFirst());
  await h.server.services.jobs.idle();
  const record = await until('risk record', async () => db.selectFrom('risk_record').select('id').where('work_space_id', '=', corpA.wsId).where('action', '=', 'offline').executeTakeFirst());

  // A child account and a pending 代开发 authorisation state.
  const kid = await createChild(h, { account: `akid${process.pid % 10000}`, password: 'kidpass1', nickname: `${A_MARK}子账号`, permissionKeys: ['channel-qrcode'] }, tokenA);
  if (kid.status !== 200) throw new Error(`child: ${kid.status} ${kid.message}`);
  const auth = await h.api('/api/qw/replace/auth/url', undefined, tokenA);
  if (auth.status !== 200) throw new Error(`replace/auth/url: ${auth.status} ${auth.message}`);

  const a: AccountFixture = { token: tokenA, accountId: await accountIdOf(h, tokenA), corp: corpA, userid: m0, tagId };
  let b: AccountFixture = a;
  const markers = [A_MARK, corpA.corpId, externalUserid, auth.data.state as string];
  if (opts.withB !== false) {
    const tokenB = await h.register(uniquePhone());
    const corpB = await connectCorp(h, tokenB, { seed: 'matrix-b', name: 'B的企业', size: { members: 6, customers: 4, tags: 2 } });
    const snapB = (await h.simCall('GET', `/control/corps/${corpB.corpId}/snapshot`)).body as { members: Array<{ userid: string; customer_contact: boolean }> };
    const bTags = await h.api('/api/qw/tag/list', {}, tokenB, corpB.headers);
    if (bTags.status !== 200) throw new Error(`B tag/list: ${bTags.status} ${bTags.message}`);
    b = {
      token: tokenB,
      accountId: await accountIdOf(h, tokenB),
      corp: corpB,
      userid: snapB.members.find((m) => m.customer_contact)!.userid,
      tagId: bTags.data.list[0].tags[0].id,
    };
    const bUserids = new Set(snapB.members.map((m) => m.userid));
    for (const m of members) if (!bUserids.has(m.userid)) markers.push(m.userid);
  }
  // Distributors: A's account is distributor A's customer, with a paid order and seats distributor A set.
  const distributorA = await seedDistributor(h, { name: `${A_MARK}分销商`, customers: [a.accountId] });
  const distributorB = await seedDistributor(h, { name: 'B的分销商', customers: b === a ? [] : [b.accountId] });
  const orderAt = Date.now();
  await db
    .insertInto('seat_order')
    .values({
      order_no: `${A_MARK}ORDER1`, account_id: a.accountId, distributor_id: distributorA.id, kind: 'buy', seat_count: 1, term_days: 365, seat_ids: '[]',
      unit_price_fen: 36_500, amount_fen: 36_500, state: 'paid', provider: 'sim', trade_no: 't1', created_at: orderAt, updated_at: orderAt,
      expires_at: orderAt + 900_000, paid_at: orderAt, closed_at: null,
    })
    .execute();
  const setSeats = await h.api('/api/distributor/account/seat/set', { accountId: a.accountId, count: 1, days: 30 }, distributorA.token);
  if (setSeats.status !== 200) throw new Error(`distributor seat/set: ${setSeats.status} ${setSeats.message}`);

  await h.server.services.jobs.idle();
  h.server.services.scheduler.stop();

  const fileToken = /\/file\/\d+\/([0-9a-f]{32})/.exec(file.url)?.[1] ?? '';
  const ids: AIds = {
    workSpace: corpA.wsId,
    channelCode: code.id,
    codeGroup,
    memberGroup,
    staffCode,
    leadBatch: batch.id,
    lead,
    material,
    textMaterial,
    materialGroup,
    materialFile: file.fileId,
    cronPlan,
    limitPlan,
    riskRecord: record.id,
    child: kid.data.id,
    role: kid.data.roleId,
    contactWayAdd: add.id,
    externalUserid,
    userid: m1,
    tagId,
    authState: auth.data.state,
    fileToken,
    account: a.accountId,
  };

  const call: Fixtures['call'] = async (method, url, o) => {
    const res = await h.server.inject({
      method: method as 'POST',
      url,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
      ...(o.payload === undefined ? {} : { payload: o.payload }),
    });
    let json: any;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, body: res.body, json };
  };
  return { h, a, b, ids, distributors: { a: distributorA, b: distributorB }, markers, call };
}

/** A's object ids a field of this name may take, by its name (generic `id`: every numeric one). */
export function idsForField(name: string, ids: AIds, url = ''): Array<number | string> {
  const numeric = [
    ids.channelCode, ids.codeGroup, ids.memberGroup, ids.staffCode, ids.leadBatch, ids.lead, ids.material, ids.textMaterial, ids.materialGroup,
    ids.materialFile, ids.cronPlan, ids.limitPlan, ids.riskRecord, ids.child, ids.contactWayAdd, ids.workSpace,
  ];
  switch (name) {
    case 'id':
    case 'ids':
      return [...new Set(numeric)];
    case 'groupId':
      return url.startsWith('/api/material') ? [ids.materialGroup] : [ids.codeGroup];
    case 'batchId':
      return [ids.leadBatch];
    case 'cronPlanId':
      return [ids.cronPlan];
    case 'limitPlanId':
      return [ids.limitPlan];
    case 'fileId':
    case 'coverFileId':
      return [ids.materialFile];
    case 'materialIds':
      return [ids.material, ids.textMaterial];
    case 'externalUserid':
      return [ids.externalUserid];
    case 'userid':
    case 'userids':
      return [ids.userid];
    case 'tagIds':
      return [ids.tagId];
    case 'state':
      return [ids.authState];
    case 'accountId':
      return [ids.account];
    default:
      return [];
  }
}

/** The id a route acts on, for the fuzz baseline: the object of the route's own kind. */
export function ownIdFor(url: string, ids: AIds): number | undefined {
  const rules: Array<[RegExp, number]> = [
    [/^\/api\/qw\/lxw\/group\//, ids.codeGroup],
    [/^\/api\/qw\/member\/group\//, ids.memberGroup],
    [/^\/api\/qw\/lxw\//, ids.channelCode],
    [/^\/api\/qw\/staff\/code\//, ids.staffCode],
    [/^\/api\/qw\/customer\/code\/lead\//, ids.lead],
    [/^\/api\/qw\/customer\/code\//, ids.leadBatch],
    [/^\/api\/qw\/risk\/record\//, ids.riskRecord],
    [/^\/api\/qw\/risk\/plan\//, ids.cronPlan],
    [/^\/api\/qw\/limit\/plan\//, ids.limitPlan],
    [/^\/api\/material\/group\//, ids.materialGroup],
    [/^\/api\/material\//, ids.textMaterial],
    [/^\/api\/account\/child\//, ids.child],
    [/^\/api\/qw\/[a-z/]+$/, ids.workSpace],
  ];
  return rules.find(([re]) => re.test(url))?.[1];
}

/** Fills a route's path parameters (`:name`) with `value`. */
export const fillParams = (route: RouteEntry, value: (name: string) => string) => route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => value(name));

/** A Chinese character: every refusal says what went wrong in Chinese. */
export const CHINESE = /[\u4e00-\u9fff]/;

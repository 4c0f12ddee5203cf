// The tenant-isolation matrix, generated from the route table. Account B (its own connected work
// space, nothing else) calls every work-space route with A's X-Work-Id, and in its own space with
// bodies whose id fields name A's objects (A's codes, groups, batches, leads, materials, files, plans,
// records, customer, member, tags); and calls the account-level routes that take ids (work spaces,
// child accounts, authorisation states) with A's. Every answer is a 403/404 — or, where the id is
// only a filter or a reference B's own data may hold, an answer that shows nothing of A's — and
// afterwards every row A owns is as it was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import type { RouteEntry } from '../../src/http/route-table.js';
import { fieldsOf, sample, setAt } from './fuzz-bodies.js';
import { A_MARK, CHINESE, fillParams, idsForField, setUpFixtures, type Fixtures } from './fixtures.js';
import { ownedRows, tablesOf, type TableInfo } from './db-snapshot.js';

let f: Fixtures;
let tables: TableInfo[];
let aBefore: Record<string, string[]>;
const counted = { routes: new Set<string>(), cases: 0 };

beforeAll(async () => {
  f = await setUpFixtures();
  const db = f.h.server.database;
  tables = await tablesOf(db.kysely, db.dialect);
  aBefore = await ownedRows(db.kysely, tables, f.ids.workSpace, f.a.accountId);
}, 180_000);
afterAll(() => f?.h.close());

/** Ids no tenant has. */
const NOWHERE_ID = 2147483000;
const NOWHERE_STRING = 'nowhere-9f3c';

/** Fields naming the object a route acts on: another tenant's must be "not found". */
const TARGET_FIELDS = new Set(['id', 'ids', 'batchId', 'externalUserid']);

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
function uploadForm(): { payload: Buffer; type: string } {
  const boundary = '----tenantBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, type: `multipart/form-data; boundary=${boundary}` };
}

/** A's markers that show in an answer (beyond what B sent: a refusal may name the id it refuses). */
const leaks = (body: string, sent: unknown = '') => {
  const asked = JSON.stringify(sent ?? '');
  return f.markers.filter((m) => body.includes(m) && !asked.includes(m));
};

async function send(route: RouteEntry, wsId: number | null, body: unknown, label: string) {
  counted.routes.add(`${route.method} ${route.url}`);
  counted.cases++;
  const headers: Record<string, string> = { ...(wsId === null ? {} : { 'x-work-id': String(wsId) }) };
  let payload: string | Buffer | undefined;
  if (route.multipart) {
    const form = uploadForm();
    payload = form.payload;
    headers['content-type'] = form.type;
  } else if (route.method !== 'GET' && body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const url = fillParams(route, (n) => (n === 'workId' ? String(f.ids.workSpace) : n === 'token' ? f.ids.fileToken : String(f.ids.materialFile)));
  const res = await f.call(route.method, url, { token: f.b.token, headers, payload });
  return { ...res, where: `${route.method} ${route.url} ${label}` };
}

/** B's baseline: a body valid in B's space (B's member and tag), with no id of A's. */
const baselineOf = (route: RouteEntry) =>
  route.body
    ? sample(route.body, [], (path, s) => {
        const name = path.filter((p) => p !== '[]').at(-1) ?? '';
        const array = s.type === 'array';
        if (name === 'userid' || name === 'userids') return array ? [f.b.userid] : f.b.userid;
        if (name === 'tagIds') return [f.b.tagId];
        if (name === 'materialIds') return [];
        return undefined;
      })
    : undefined;

it('refuses account B every work-space route under A\'s X-Work-Id, whatever the body', async () => {
  const problems: string[] = [];
  for (const route of f.h.server.routeTable.filter((r) => r.workSpace)) {
    const schema = route.body;
    const withAIds = schema
      ? sample(schema, [], (path, s) => {
          const name = path.filter((p) => p !== '[]').at(-1) ?? '';
          const [first] = idsForField(name, f.ids, route.url);
          return first === undefined ? undefined : s.type === 'array' ? [first] : first;
        })
      : undefined;
    for (const [label, body] of [['baseline', baselineOf(route)], ['A\'s ids', withAIds], ['{}', {}], ['no body', undefined]] as const) {
      const res = await send(route, f.ids.workSpace, body, label);
      const valid = !schema || route.multipart || (body !== undefined && Value.Check(schema, body)) || (body === undefined && Value.Check(schema, undefined));
      const ok = res.status === 403 || res.status === 404 || (!valid && res.status === 400);
      if (!ok) problems.push(`${res.where} → ${res.status} ${res.body.slice(0, 120)}`);
      else if (!CHINESE.test(res.json?.message ?? '')) problems.push(`${res.where} → ${res.status} without a Chinese message`);
      if (leaks(res.body, body).length) problems.push(`${res.where} shows A's ${leaks(res.body, body).join(', ')}`);
    }
  }
  expect(problems).toEqual([]);
}, 300_000);

it('refuses account B A\'s ids in every work-space route of its own space, or answers without any of A\'s data', async () => {
  const problems: string[] = [];
  const softRefusals = new Map<string, number>();
  const tally = new Map<string, number>();
  for (const route of f.h.server.routeTable.filter((r) => r.workSpace && r.body)) {
    const schema = route.body!;
    const base = baselineOf(route);
    for (const field of fieldsOf(schema)) {
      const name = field.path.filter((p) => p !== '[]').at(-1)!;
      const isArray = field.schema.type === 'array';
      for (const id of idsForField(name, f.ids, route.url)) {
        // A field inside array items ('members.[].userid') is set on every item.
        const body = setAt(base, field.path, isArray ? [id] : id);
        const res = await send(route, f.b.corp.wsId, body, `${field.path.join('.')}=${String(id)}`);
        tally.set(`${name} ${res.status}`, (tally.get(`${name} ${res.status}`) ?? 0) + 1);
        const shown = leaks(res.body, body);
        if (res.status >= 500) problems.push(`${res.where} → ${res.status} ${res.body.slice(0, 120)}`);
        else if (shown.length) problems.push(`${res.where} → ${res.status} shows A's ${shown.join(', ')}`);
        if (res.status >= 400) {
          // No oracle: A's id is refused exactly as an id that exists nowhere.
          const nowhere = typeof id === 'number' ? NOWHERE_ID : NOWHERE_STRING;
          const twin = await send(route, f.b.corp.wsId, setAt(base, field.path, isArray ? [nowhere] : nowhere), `${field.path.join('.')}=${String(nowhere)}`);
          const said = (r: { status: number; json?: any }, v: unknown) => `${r.status} ${String(r.json?.message ?? '').split(String(v)).join('{id}')}`;
          if (said(res, id) !== said(twin, nowhere)) problems.push(`${res.where} → ${said(res, id)}, but an id that exists nowhere → ${said(twin, nowhere)}`);
        }
        if (res.status >= 500 || shown.length || res.status === 403 || res.status === 404) continue;
        else if (TARGET_FIELDS.has(name) && field.path.length === 1 && res.status < 300 && !/\/list$|\/find$|\/data\/|\/keep\/data$|\/memberData$|\/date$/.test(route.url)) {
          problems.push(`${res.where} → ${res.status}: acted on A's object ${String(id)} (${res.body.slice(0, 120)})`);
        } else if (res.status >= 400) {
          // A reference that is not B's (a group, a material, a member, a tag): refused as invalid input.
          if (!CHINESE.test(res.json?.message ?? '')) problems.push(`${res.where} → ${res.status} without a Chinese message`);
          softRefusals.set(`${res.status} ${res.json?.message}`, (softRefusals.get(`${res.status} ${res.json?.message}`) ?? 0) + 1);
        }
      }
    }
  }
  console.log(`tenant matrix, B's own space with A's ids (field status ×n): ${[...tally].sort().map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  if (softRefusals.size) console.log(`tenant matrix: references to A's objects refused as invalid input: ${[...softRefusals].map(([m, n]) => `${m} ×${n}`).join('; ')}`);
  expect(problems).toEqual([]);
}, 300_000);

it('refuses account B the account-level routes with A\'s work space, child account and authorisation state', async () => {
  const problems: string[] = [];
  for (const route of f.h.server.routeTable.filter((r) => !r.workSpace && !r.public && !r.distributor && r.body)) {
    // Ids of the kind the route names (another kind's id may well be one of B's own objects).
    const own = route.url.startsWith('/api/account/child/permission/')
      ? [f.ids.role]
      : route.url.startsWith('/api/account/child/')
        ? [f.ids.child]
        : route.url.startsWith('/api/qw/')
          ? [f.ids.workSpace]
          : [];
    const candidates: Record<string, Array<number | string>> = { id: own, ids: own, state: [f.ids.authState] };
    const schema = route.body!;
    const base = sample(schema);
    for (const field of fieldsOf(schema).filter((x) => x.path.length === 1 && candidates[x.path[0]!])) {
      for (const id of candidates[field.path[0]!]!) {
        const body = setAt(base, field.path, field.schema.type === 'array' ? [id] : id);
        const res = await send(route, null, body, `${field.path[0]}=${String(id)}`);
        const shown = leaks(res.body, body);
        if (shown.length) problems.push(`${res.where} → ${res.status} shows A's ${shown.join(', ')}`);
        else if (res.status === 403 || res.status === 404) continue;
        else if (res.status >= 400 && res.status < 500 && field.path[0] === 'state' && CHINESE.test(res.json?.message ?? '')) continue;
        else problems.push(`${res.where} → ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
  }
  expect(problems).toEqual([]);
}, 120_000);

it('refuses distributor B distributor A\'s customer in every distributor route, and shows none of A\'s data', async () => {
  const problems: string[] = [];
  // (logout would end B's session for the routes after it.)
  const routes = f.h.server.routeTable.filter((r) => r.distributor && !/\/logout$/.test(r.url));
  expect(routes.length).toBeGreaterThanOrEqual(5);
  const aAccount = `"accountId":${f.ids.account}`;
  for (const route of routes) {
    counted.routes.add(`${route.method} ${route.url}`);
    const base = route.body ? (sample(route.body) as Record<string, unknown> | undefined) : undefined;
    const bodies: Array<[string, unknown]> = [['baseline', base ?? {}]];
    if (route.body && fieldsOf(route.body).some((x) => x.path.length === 1 && x.path[0] === 'accountId')) {
      bodies.push(['A\'s account', setAt(base, ['accountId'], f.ids.account)], ['nowhere', setAt(base, ['accountId'], NOWHERE_ID)]);
    }
    for (const [label, body] of bodies) {
      counted.cases++;
      const res = await f.call(route.method, route.url, { token: f.distributors.b.token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const where = `${route.method} ${route.url} ${label}`;
      const shown = leaks(res.body, body);
      if (res.status >= 500) problems.push(`${where} → ${res.status} ${res.body.slice(0, 120)}`);
      else if (shown.length || (label === 'baseline' && res.body.includes(aAccount))) problems.push(`${where} → ${res.status} shows A's ${shown.join(', ') || 'account'}`);
      else if (label !== 'baseline' && !(res.status === 404 && res.json?.message === '客户账号不存在')) problems.push(`${where} → ${res.status} ${res.body.slice(0, 120)}`);
    }
  }
  // Distributor A does see its customer (the refusals above are not blanket ones).
  const own = await f.call('POST', '/api/distributor/account/get/phone', { token: f.distributors.a.token, headers: { 'content-type': 'application/json' }, payload: '{}' });
  expect(own.body).toContain(aAccount);
  expect(problems).toEqual([]);
});

it('leaves every row A owns as it was, and prints what it ran', async () => {
  await f.h.server.services.jobs.idle();
  const db = f.h.server.database;
  const after = await ownedRows(db.kysely, tables, f.ids.workSpace, f.a.accountId);
  for (const table of Object.keys(aBefore)) expect(after[table], `rows of A in ${table}`).toEqual(aBefore[table]);
  expect(aBefore.contact_way?.some((r) => r.includes(A_MARK))).toBe(true);
  console.log(`tenant matrix: ${counted.routes.size} routes, ${counted.cases} cases on ${db.dialect}`);
  expect(counted.routes.size).toBeGreaterThan(50);
});

// The fuzz matrix, generated from the route table: every /api route gets at least 50 requests made
// from its declared schemas — bodies with each field missing, of the wrong type, empty, huge, past
// int4, in odd unicode, nested junk, extra and prototype keys; whole-body junk and non-JSON; junk
// path parameters, querystrings and X-Work-Id headers; junk multipart for uploads — sent as account
// A (a main account with a connected work space and one object of every kind, whose ids fill the
// baseline so the requests reach the services). Every answer is a 2xx (a body that happens to be
// valid) or a 4xx with a Chinese message, never a 5xx; and a refused request writes no row.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import type { RouteEntry } from '../../src/http/route-table.js';
import { encode, fuzzBodies, INT32_OVER, PATH_VALUES, rng, type BodyCase, type Schema } from './fuzz-bodies.js';
import { CHINESE, fillParams, idsForField, ownIdFor, setUpFixtures, type Fixtures } from './fixtures.js';
import { installWriteLog, tablesOf } from './db-snapshot.js';

let f: Fixtures;
let routes: RouteEntry[];

/** The only writes a refused request may make, and why. */
const MAY_CHANGE_ON_REFUSAL = new Map([
  ['login_failure INSERT', 'a refused login is counted: that is what locks an account after repeated failures'],
  ['sms_code UPDATE', 'a wrong code counts as an attempt on the code it tried (attempts are limited)'],
]);

beforeAll(async () => {
  f = await setUpFixtures({ withB: false });
  routes = [...f.h.server.routeTable];
}, 180_000);
afterAll(() => f?.h.close());

it('has every /api route in the route table', () => {
  const spec = (f.h.server as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const declared = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const missing: string[] = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api')) continue;
    for (const method of Object.keys(ops)) {
      if (method === 'head') continue;
      const key = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
      if (!declared.has(key)) missing.push(key);
    }
  }
  expect(missing, 'routes missing from the route table (declare public/mainOnly/permission and workSpace in their config)').toEqual([]);
  expect(routes.length).toBeGreaterThan(50);
});

interface Req {
  label: string;
  /** The route's schema refuses this body: no handler runs. */
  schemaRefuses?: boolean;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/** Destructive routes go last, the work space's own deletion at the very end. */
function order(r: RouteEntry): number {
  if (r.url === '/api/qw/delete') return 3;
  if (/\/(delete|del|remove|logout)$|\/update\/password$/.test(r.url)) return 2;
  return 1;
}

function baselineValue(route: RouteEntry) {
  return (path: string[], schema: Schema): unknown => {
    const name = path.filter((p) => p !== '[]').at(-1) ?? '';
    const isArray = schema.type === 'array';
    if (path.length === 1 && (name === 'id' || name === 'ids')) {
      const own = ownIdFor(route.url, f.ids);
      if (own !== undefined) return isArray ? [own] : own;
    }
    if (name === 'state' || name === 'code' || name === 'phone' || name === 'id') return undefined;
    const [first] = idsForField(name, f.ids, route.url);
    if (first === undefined) return undefined;
    return isArray ? [first] : first;
  };
}

const MULTIPART_BOUNDARY = '----matrixBoundary7MA4YWxk';
function multipart(parts: Array<{ name: string; value?: string; filename?: string; type?: string; data?: Buffer | string }>, opts: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data ?? p.value ?? ''), Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Uploads: junk forms and junk content types (at least 50). */
function uploadCases(): Array<{ label: string; payload: string | Buffer; type: string | null }> {
  const form = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
  const fixed: Array<{ label: string; payload: string | Buffer; type: string | null }> = [
    { label: 'JSON body', payload: '{"kind":"image"}', type: 'application/json' },
    { label: 'no body', payload: '', type: null },
    { label: 'form-encoded', payload: 'kind=image&file=x', type: 'application/x-www-form-urlencoded' },
    { label: 'multipart without boundary', payload: multipart([{ name: 'kind', value: 'image' }]), type: 'multipart/form-data' },
    { label: 'boundary mismatch', payload: multipart([{ name: 'kind', value: 'image' }]), type: 'multipart/form-data; boundary=other' },
    { label: 'unterminated form', payload: multipart([{ name: 'kind', value: 'image' }, { name: 'file', filename: 'a.png', type: 'image/png', data: PNG }], { close: false }), type: form },
    { label: 'no kind', payload: multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]), type: form },
    { label: 'no file', payload: multipart([{ name: 'kind', value: 'image' }]), type: form },
    { label: 'two files', payload: multipart([{ name: 'kind', value: 'file' }, { name: 'file', filename: 'a.txt', data: 'hello world' }, { name: 'file', filename: 'b.txt', data: 'hello world' }]), type: form },
    { label: 'ten fields', payload: multipart(Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, value: 'x' }))), type: form },
    { label: 'kind over fieldSize', payload: multipart([{ name: 'kind', value: 'i'.repeat(5000) }, { name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]), type: form },
    { label: 'image over 10 MB', payload: multipart([{ name: 'kind', value: 'image' }, { name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]) }]), type: form },
    { label: 'empty file', payload: multipart([{ name: 'kind', value: 'file' }, { name: 'file', filename: 'e.txt', data: '' }]), type: form },
    { label: 'file part as field', payload: multipart([{ name: 'kind', value: 'file' }, { name: 'file', value: 'not a file part' }]), type: form },
  ];
  const kinds = ['image', 'video', 'file', '', 'IMAGE', 'exe', '__proto__', 'constructor', '图片', String(INT32_OVER)];
  const names = ['a.png', 'a.jpg', 'a.mp4', 'a.exe', '../../etc/passwd', 'a\u0000.png', `${'n'.repeat(5000)}.png`, '😀.png', '', 'a.svg', 'a.html'];
  const types = ['image/png', 'image/jpeg', 'video/mp4', 'text/html', 'image/svg+xml', 'application/octet-stream', '', 'x'.repeat(300)];
  const datas: Array<Buffer | string> = [PNG, 'not an image at all', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), '<svg onload="alert(1)"></svg>', 'abc', Buffer.from('0000001866747970', 'hex')];
  const r = rng('upload');
  const pick = <T,>(l: readonly T[]) => l[Math.floor(r() * l.length)]!;
  const out = [...fixed];
  for (let i = 0; out.length < 56; i++) {
    const kind = pick(kinds);
    const name = pick(names);
    const type = pick(types);
    out.push({ label: `form #${i} kind=${kind.slice(0, 12)} name=${JSON.stringify(name.slice(0, 20))} type=${type.slice(0, 20)}`, payload: multipart([{ name: 'kind', value: kind }, { name: 'file', filename: name, type: type || 'application/octet-stream', data: pick(datas) }]), type: form });
  }
  return out;
}

const CALLBACK_XML = [
  '<xml><ToUserName><![CDATA[ww]]></ToUserName><Encrypt><![CDATA[junk]]></Encrypt><AgentID>1</AgentID></xml>',
  '<xml><Encrypt>' + 'A'.repeat(200_000) + '</Encrypt></xml>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><xml><Encrypt>&c;</Encrypt></xml>',
  '<xml><ToUserName>gh</ToUserName><FromUserName>o1</FromUserName><CreateTime>2147483648</CreateTime><MsgType>event</MsgType><Event>SCAN</Event><EventKey>' + '9'.repeat(30) + '</EventKey></xml>',
  '<xml><unclosed>',
  '',
  'not xml at all',
  '<xml><Encrypt><![CDATA[' + Buffer.from('x'.repeat(64)).toString('base64') + ']]></Encrypt></xml>',
];

/** Querystrings for a route with a declared querystring: junk values for each declared key. */
function queryVariants(route: RouteEntry): string[] {
  const keys = Object.keys((route.querystring as { properties?: object } | undefined)?.properties ?? {});
  if (!keys.length) return [];
  const out: string[] = [];
  for (const v of PATH_VALUES) out.push(keys.map((k) => `${k}=${v}`).join('&'));
  out.push(`${keys[0]}=a&${keys[0]}=b`, `${keys[0]}[x]=1`, '__proto__[x]=1', `timestamp=${INT32_OVER}&nonce=1&msg_signature=${'f'.repeat(40)}&signature=${'f'.repeat(40)}&echostr=x`);
  return out;
}

/** Whether the route's body schema (or the JSON parser) refuses this body before any handler runs. */
function schemaRefuses(route: RouteEntry, c: BodyCase): boolean {
  if (!route.body) return false;
  let value: unknown = c.json;
  if (c.raw !== undefined) {
    const type = c.contentType === undefined ? 'application/json' : c.contentType;
    if (type === null) return false;
    // Only the callbacks (which declare no body schema) take other types: elsewhere a 415.
    if (!type.startsWith('application/json')) return true;
    if (c.raw.trim() === '') return !Value.Check(route.body, undefined);
    try {
      value = JSON.parse(c.raw.replace(/^\ufeff/, ''));
    } catch {
      return true;
    }
  }
  return !Value.Check(route.body, value);
}

function requestsFor(route: RouteEntry, token: string): Req[] {
  const headers: Record<string, string> = {
    ...(route.public ? {} : { authorization: `Bearer ${token}` }),
    ...(route.workSpace ? { 'x-work-id': String(f.ids.workSpace) } : {}),
  };
  const paramValue = (name: string) => (name === 'token' ? f.ids.fileToken : name === 'workId' ? String(f.ids.workSpace) : name === 'id' ? String(f.ids.materialFile) : '1');
  const url = fillParams(route, paramValue);
  const out: Req[] = [];

  // Path parameters, each in turn, then all together.
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  for (const p of params) for (const v of PATH_VALUES) out.push({ label: `param ${p}=${v.slice(0, 20)}`, method: route.method, url: fillParams(route, (n) => (n === p ? v : paramValue(n))), headers });
  if (params.length > 1) for (const v of PATH_VALUES) out.push({ label: `params all=${v.slice(0, 20)}`, method: route.method, url: fillParams(route, () => v), headers });
  for (const q of queryVariants(route)) out.push({ label: `query ${q.slice(0, 40)}`, method: route.method, url: `${url}?${q}`, headers });

  // X-Work-Id junk on work-space routes (with a fine body).
  const bodies: BodyCase[] = route.method === 'GET' ? [] : route.multipart ? [] : fuzzBodies(route.body, { seed: `${route.method} ${route.url}`, max: 70, valueFor: baselineValue(route) });
  if (route.workSpace) {
    const base = bodies[0] ? encode(bodies[0]) : { payload: undefined, headers: {} };
    for (const w of ['', '-1', 'abc', String(INT32_OVER), '1e308', '1.5', `${f.ids.workSpace},${f.ids.workSpace}`]) {
      out.push({ label: `x-work-id ${w}`, method: route.method, url, payload: base.payload, headers: { ...headers, ...base.headers, 'x-work-id': w } });
    }
    out.push({ label: 'no x-work-id', method: route.method, url, payload: base.payload, headers: { ...base.headers, ...(headers.authorization ? { authorization: headers.authorization } : {}) } });
  }

  if (route.multipart) {
    for (const c of uploadCases()) out.push({ label: c.label, method: route.method, url, payload: c.payload, headers: { ...headers, ...(c.type === null ? {} : { 'content-type': c.type }) } });
  } else if (route.method !== 'GET') {
    for (const c of bodies) {
      const e = encode(c);
      out.push({ label: c.label, method: route.method, url, payload: e.payload, headers: { ...headers, ...e.headers }, schemaRefuses: schemaRefuses(route, c) });
    }
    if (/\/callback(\/|$)/.test(route.url) && route.public) {
      for (const x of CALLBACK_XML) for (const type of ['text/xml', 'application/xml']) out.push({ label: `xml ${x.slice(0, 30)}`, method: route.method, url: `${url}?msg_signature=${'0'.repeat(40)}&timestamp=1&nonce=1&signature=${'0'.repeat(40)}`, payload: x, headers: { ...headers, 'content-type': type } });
    }
  }
  // GET routes: pad with querystring junk to 50.
  const r = rng(route.url);
  for (let i = 0; out.length < 50; i++) {
    const v = PATH_VALUES[Math.floor(r() * PATH_VALUES.length)]!;
    const u = params.length ? fillParams(route, (n) => (r() < 0.5 ? v : paramValue(n))) : url;
    out.push({ label: `padding #${i} ${v.slice(0, 20)}`, method: route.method, url: `${u}?x=${v}&${encodeURIComponent('__proto__')}[a]=1&page=${INT32_OVER}`, headers });
  }
  return out;
}

it('answers every fuzzed request with a 2xx or a Chinese 4xx, never a 5xx, and a refusal writes nothing', async () => {
  const db = f.h.server.database;
  const tables = await tablesOf(db.kysely, db.dialect);
  const writes = await installWriteLog(db.kysely, db.dialect, tables);
  const ignore = new Set(MAY_CHANGE_ON_REFUSAL.keys());
  const problems: string[] = [];
  const byStatus = new Map<number, number>();
  let cases = 0;
  /** Bodies the schema refuses, as this generator reads it, that the server took: checked as a group otherwise. */
  let unverified = 0;
  const takenSamples: string[] = [];
  const ordered = [...routes].sort((x, y) => order(x) - order(y));
  const started = Date.now();

  for (const route of ordered) {
    // A fresh session per route: a logout or a password change in the route before ends the last one.
    // Distributor routes are called by distributor A (whose customer is A), every other one by A.
    const token = route.distributor
      ? await f.h.server.services.distributorSessions.issue(f.distributors.a.id, { ip: '127.0.0.1', userAgent: 'fuzz' })
      : await f.h.server.services.sessions.issue(f.a.accountId, { ip: '127.0.0.1', userAgent: 'fuzz' });
    const requests = requestsFor(route, token);
    expect(requests.length, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(50);
    // Requests the schema refuses never reach a handler: they are checked together, the rest one by one.
    const refusedBySchema = requests.filter((r) => r.schemaRefuses);
    const others = requests.filter((r) => !r.schemaRefuses);
    let before = await writes.mark();
    const run = async (req: Req) => {
      cases++;
      const res = await f.call(req.method, req.url, { headers: req.headers, payload: req.payload });
      byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
      const where = `${req.method} ${req.url.slice(0, 80)} [${req.label.slice(0, 80)}]`;
      if (res.status >= 500) problems.push(`${where} → ${res.status} ${res.body.slice(0, 160)}`);
      else if (res.status >= 400 && !CHINESE.test(res.json?.message ?? '')) problems.push(`${where} → ${res.status} without a Chinese message: ${res.body.slice(0, 120)}`);
      return { res, where };
    };
    const check = async (what: string) => {
      const after = await writes.mark();
      if (after !== before) {
        const changed = await writes.since(before, ignore);
        if (changed.length) problems.push(`${what} but wrote: ${changed.join('; ')}`);
      }
      before = after;
    };
    const settle = async () => {
      // Whatever the request did (and queued), settled before the log is read again.
      await f.h.server.services.jobs.idle();
      before = await writes.mark();
    };

    let accepted = 0;
    for (const req of refusedBySchema) {
      const { res, where } = await run(req);
      if (res.status < 400) {
        accepted++;
        if (takenSamples.length < 12) takenSamples.push(`${where} → ${res.status}`);
      }
    }
    if (accepted) {
      unverified += accepted;
      await settle();
    } else if (refusedBySchema.length) {
      await check(`${route.method} ${route.url}: one of ${refusedBySchema.length} bodies the schema refuses`);
    }
    for (const req of others) {
      const { res, where } = await run(req);
      if (res.status >= 400 && res.status < 500) await check(`${where} → ${res.status} ${res.json?.message ?? ''}`);
      else await settle();
    }
  }
  const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  console.log(`fuzz matrix: ${routes.length} routes, ${cases} cases (${statuses}; ${unverified} taken although the schema refuses them) in ${Math.round((Date.now() - started) / 1000)} s on ${db.dialect}`);
  // The write log saw the valid bodies' work: it is live.
  expect(await writes.mark()).toBeGreaterThan(0);
  if (takenSamples.length) console.log(`taken although the schema refuses them, e.g.:\n${takenSamples.join('\n')}`);
  expect(problems).toEqual([]);
}, 600_000);

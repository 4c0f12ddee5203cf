// Two server processes on one database: a session another process has already answered (and, on
// PostgreSQL, keeps: auth/session-cache.ts) follows a logout, a password change, a child disabled and a
// role edited in the other process — on its next call once the commit's notification has reached it
// (well under a millisecond on an idle machine), and within the cache's second in any case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { sha256Hex } from '../../src/auth/tokens.js';
import { openDatabase } from '../../src/db/database.js';
import type { Api } from '../../src/http/types.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let second: Api;
let secondUrl: string;
beforeAll(async () => {
  h = await startHarness();
  second = await buildApp(h.config);
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
  // Listening (PostgreSQL): until then the second process reads every session from the database.
  const cache = second.services.sessionCache;
  for (let i = 0; cache && !cache.active && i < 100; i++) await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

/** A call answered by the second process. */
async function onSecond(path: string, body: unknown, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(secondUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(body) });
  return { status: res.status, ...((await res.json()) as { code: number; message: string }) };
}
/** The second process's answer (or `call`'s) once it matches `expected`, or its last one after 1.5 s. */
async function soon(path: string, token: string, expected: number, headers: Record<string, string> = {}, call: typeof onSecond = onSecond) {
  const until = Date.now() + 1500;
  for (;;) {
    const r = await call(path, {}, token, headers);
    if (r.status === expected || Date.now() > until) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const login = async (phone: string, password: string) => (await h.api('/api/account/login', { phone, password })).data?.token as string;
/** Answered twice by the second process first, so that it keeps the session where it keeps any. */
const known = async (token: string, path = '/api/account/info', headers: Record<string, string> = {}) => {
  for (let i = 0; i < 2; i++) expect((await onSecond(path, {}, token, headers)).status).toBe(200);
};

describe('a session answered by another process', () => {
  it('ends there with a logout here', async () => {
    const token = await h.register(uniquePhone());
    await known(token);
    expect((await h.api('/api/account/logout', {}, token)).status).toBe(200);
    expect(await soon('/api/account/info', token, 401)).toMatchObject({ status: 401, code: 10401 });
  });

  it('ends there when the password changes here, except the session that changed it', async () => {
    const phone = uniquePhone();
    const current = await h.register(phone, 'pass1234');
    const other = await login(phone, 'pass1234');
    await known(other);
    await known(current);
    expect((await h.api('/api/account/update/password', { oldPassword: 'pass1234', password: 'newpass99' }, current)).status).toBe(200);
    expect(await soon('/api/account/info', other, 401)).toMatchObject({ status: 401, code: 10401 });
    expect((await onSecond('/api/account/info', {}, current)).status).toBe(200);
  });

  it("follows a child's disabling and its role's change made here", async () => {
    const main = await h.register(uniquePhone());
    const role = await h.api('/api/account/child/permission/create', { name: `缓存角色${process.pid % 1000}`, permissionKeys: ['channel-qrcode'] }, main);
    expect(role.status, role.message).toBe(200);
    const account = `cache${process.pid % 1000}`;
    const child = await h.api('/api/account/child/create', { account, password: 'kidpass1', roleId: role.data.id, allWorkSpaces: true, workSpaceIds: [] }, main);
    expect(child.status, child.message).toBe(200);
    const token = await login(account, 'kidpass1');
    const me = (await h.api('/api/account/info', {}, main)).data.id as number;
    const ws = await h.server.database.kysely
      .insertInto('work_space')
      .values({ account_id: me, nickname: '缓存企业', access_type: 'internal', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = { 'X-Work-Id': String(ws.id) };

    await known(token, '/api/qw/lxw/list', headers);
    const edited = await h.api('/api/account/child/permission/update', { id: role.data.id, name: role.data.name, permissionKeys: ['tag'] }, main);
    expect(edited.status, edited.message).toBe(200);
    expect(await soon('/api/qw/lxw/list', token, 403, headers)).toMatchObject({ status: 403, message: '暂无权限' });
    expect((await onSecond('/api/qw/tag/list', {}, token, headers)).status).toBe(200);

    await known(token);
    expect((await h.api('/api/account/child/update', { id: child.data.id, disabled: true }, main)).status).toBe(200);
    expect(await soon('/api/account/info', token, 401)).toMatchObject({ status: 401, code: 10401 });
  });
});

describe('a session kept by the process that answers', () => {
  it('is refused on the next call once another connection revoked it (SQLite: at once)', async () => {
    const token = await h.register(uniquePhone());
    // Answered twice here: kept.
    for (let i = 0; i < 2; i++) expect((await h.api('/api/account/info', {}, token)).status).toBe(200);
    // A statement this server did not make: another process's connection (a script, psql, sqlite3).
    const other = openDatabase({ databaseUrl: h.config.databaseUrl, dataDir: h.config.dataDir });
    try {
      await other.kysely.updateTable('session').set({ revoked_at: Date.now() }).where('token_hash', '=', sha256Hex(token)).execute();
    } finally {
      await other.close();
    }
    if (h.server.database.dialect === 'sqlite') {
      expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401, code: 10401 });
    } else {
      // PostgreSQL: once the commit's notification has arrived.
      expect(await soon('/api/account/info', token, 401, {}, (path, body, t, headers) => h.api(path, body, t, headers))).toMatchObject({ status: 401, code: 10401 });
    }
  });
});

// Corps connected without a typed secret: the provider app (third: pre-auth code → install page →
// auth_code → permanent code) and the 代开发 app (replace: link with a state → create_auth on the
// template callback → permanent code), each followed by a full sync and kept current by callbacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { until as untilTrue } from '../helpers/corp.js';

let h: Harness;
let main: string;
let other: string;

/** Waits at most 15 s, within the test's own time limit. */
const until = <T>(what: string, fn: () => Promise<T | undefined | false>, ms = 15_000) => untilTrue(what, fn, ms);

const newCorp = async (seed: string) =>
  (await h.simCall('POST', '/control/corps', { seed, size: { departments: 3, members: 5, customers: 10, groups: 2, tags: 3 } })).body as {
    corpId: string;
    corpName: string;
  };

/** Presses 「授权」 on the simulator's install page for a corp; returns the redirect (if any). */
async function authorize(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${h.simUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const syncedInfo = (id: number) =>
  until('sync done', async () => {
    const i = (await h.api('/api/qw/info', { id }, main)).data;
    if (i.sync.status === 'failed') throw new Error(i.sync.error);
    return i.sync.status === 'done' && i;
  }, 30_000);

async function memberCount(id: number) {
  return (await h.api('/api/qw/member/list', {}, main, { 'x-work-id': String(id) })).data.total as number;
}

beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
  other = await h.register(uniquePhone());
  // The simulator pushes a suite_ticket to both provider callbacks when they are registered.
  const p = (await h.simCall('GET', '/control/provider')).body;
  await until('suite tickets', async () => {
    const rows = await h.server.database.kysely.selectFrom('suite_ticket').select('suite_id').execute();
    const ids = rows.map((r) => r.suite_id);
    return ids.includes(p.suiteId) && ids.includes(p.templateId);
  });
}, 60_000);
afterAll(() => h?.close());

describe('provider app (third)', () => {
  it('installs through the pre-auth code and the redirect, then syncs', async () => {
    const corp = await newCorp('third-corp');
    const pre = await h.api('/api/qw/third/auth/preCode', {}, main);
    expect(pre.status, pre.message).toBe(200);
    const url = new URL(pre.data.url);
    expect(url.pathname).toBe('/open/3rdapp/install');
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.config.publicUrl}/#/qw/thirdapp/callback`);
    expect(url.searchParams.get('state')).toBe(pre.data.state);
    expect((await fetch(url)).status).toBe(200);

    const res = await authorize('/open/3rdapp/install', { ...Object.fromEntries(url.searchParams), corpId: corp.corpId });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    const authCode = back.searchParams.get('auth_code')!;
    expect(back.searchParams.get('state')).toBe(pre.data.state);

    // The state is bound to the account that asked for it.
    expect((await h.api('/api/qw/third/auth/callback', { auth_code: authCode, state: pre.data.state }, other)).status).toBe(404);
    const done = await h.api('/api/qw/third/auth/callback', { auth_code: authCode, state: pre.data.state }, main);
    expect(done.status, done.message).toBe(200);
    expect(done.data).toMatchObject({ accessType: 'third', corpId: corp.corpId, corpName: corp.corpName });
    const row = await h.server.database.kysely.selectFrom('work_space').selectAll().where('id', '=', done.data.id).executeTakeFirstOrThrow();
    expect(row.permanent_code_enc).toMatch(/^v2\./);
    await syncedInfo(done.data.id);
    const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body;
    expect(await memberCount(done.data.id)).toBe(snap.members.length);

    // Its events come through the suite callback.
    const c = snap.customers.find((x: any) => x.follow_user.length);
    await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, { userid: c.follow_user[0].userid, externalUserid: c.external_userid });
    await until('relation ended', async () =>
      h.server.database.kysely
        .selectFrom('follow_relation')
        .select('deleted_at')
        .where('work_space_id', '=', done.data.id)
        .where('external_userid', '=', c.external_userid)
        .where('userid', '=', c.follow_user[0].userid)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst(),
    );
    // A second call with the same state answers the same work space.
    const again = await h.api('/api/qw/third/auth/callback', { auth_code: authCode, state: pre.data.state }, main);
    expect(again.data.id).toBe(done.data.id);
  });

  it('refuses an unknown state', async () => {
    expect(await h.api('/api/qw/third/auth/callback', { auth_code: 'x', state: 'nope' }, main)).toMatchObject({ status: 404 });
  });
});

describe('代开发 app (replace)', () => {
  it('connects the corp when create_auth arrives for the state, then syncs', async () => {
    const corp = await newCorp('replace-corp');
    const link = await h.api('/api/qw/replace/auth/url', {}, main);
    expect(link.status, link.message).toBe(200);
    const url = new URL(link.data.url);
    expect(url.pathname).toBe('/open/customized/install');
    expect(await h.api('/api/qw/replace/auth/result', { state: link.data.state }, main)).toMatchObject({ data: { done: false, id: null } });
    expect((await h.api('/api/qw/replace/auth/result', { state: link.data.state }, other)).status).toBe(404);

    const res = await authorize('/open/customized/install', { ...Object.fromEntries(url.searchParams), corpId: corp.corpId });
    expect(res.status).toBe(200);
    const result = await until('authorised', async () => {
      const r = (await h.api('/api/qw/replace/auth/result', { state: link.data.state }, main)).data;
      if (r.error) throw new Error(r.error);
      return r.done && r;
    });
    const info = await syncedInfo(result.id);
    expect(info).toMatchObject({ accessType: 'replace', corpId: corp.corpId });
    const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body;
    expect(await memberCount(result.id)).toBe(snap.members.length);
    expect((await h.api('/api/qw/status/check/replace', { id: result.id }, main)).data.status).toMatchObject({ tokenOk: true, contactPermission: true });

    // Its events come through the template callback, encrypted for the corp.
    const g = snap.groups[0];
    await h.simCall('POST', `/control/corps/${corp.corpId}/group-dismiss`, { chatId: g.chat_id });
    await until('group gone', async () =>
      !(await h.server.database.kysely.selectFrom('group_chat').select('chat_id').where('work_space_id', '=', result.id).where('chat_id', '=', g.chat_id).executeTakeFirst()),
    );
    const list = await h.api('/api/qw/list', {}, main);
    expect(list.data.list.map((w: any) => w.accessType).sort()).toEqual(['replace', 'third']);

    // The admin cancels the authorisation: the connection shows as broken.
    expect((await h.simCall('POST', '/control/provider/cancel-auth', { corpId: corp.corpId, customized: true })).status).toBe(200);
    await until('cancelled', async () => (await h.api('/api/qw/info', { id: result.id }, main)).data.status.tokenOk === false);
  });
});

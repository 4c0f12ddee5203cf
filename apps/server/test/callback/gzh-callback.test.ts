// Forged, stale and replayed callbacks (official account and WeCom) change nothing, safe mode is the
// default path, and no log line carries a callback's query string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { gzhSignature, PROVIDER_DEFAULTS, SIM_GZH_DEFAULTS } from '@scrm/wecom-sim';
import { gzhRequest as request, newNonce, nowS, postGzh, scanEvent } from '../helpers/gzh.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ LOG_LEVEL: 'info' }, {}, { logStream });
});
afterAll(() => h?.close());

const newLoginQr = async () => (await h.api<{ code: string }>('/api/account/login/gzh/code', {})).data.code;
const poll = (code: string) => h.api<{ token: string | null }>('/api/account/login/callback', { code });
const sceneRow = (code: string) => h.server.database.kysely.selectFrom('qr_scene').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const gzhRequest = (xml: string, o: Parameters<typeof request>[2] = {}) => request(h, xml, o);
const post = postGzh;

/** A victim: an account bound (through the simulator, in safe mode) to a WeChat user. */
async function boundVictim(): Promise<{ token: string; openid: string }> {
  const token = await h.register(uniquePhone());
  const bind = await h.api<{ code: string }>('/api/account/bind/gzh/code', {}, token);
  const scanned = await h.simCall<{ openid: string; delivered: boolean }>('POST', '/control/gzh/scan', { sceneStr: bind.data.code });
  expect(scanned.body.delivered).toBe(true);
  const bound = await h.api<{ token: string }>('/api/account/bind/gzh/code/change', { code: bind.data.code }, token);
  expect(bound.status).toBe(200);
  // The bind's token replaces the one that asked.
  return { token: bound.data.token, openid: scanned.body.openid };
}

describe('official-account callback in safe mode (the default)', () => {
  it('runs in safe mode with the simulator: a scan logs the bound user in', async () => {
    expect(h.config.gzh.aesKey).toBe(SIM_GZH_DEFAULTS.encodingAesKey);
    expect((await h.simCall('GET', '/control/gzh/config')).body.encodingAesKey).toBe(h.config.gzh.aesKey);
    const victim = await boundVictim();
    const code = await newLoginQr();
    expect((await h.simCall('POST', '/control/gzh/scan', { sceneStr: code, openid: victim.openid })).body).toMatchObject({ delivered: true, event: 'SCAN' });
    const login = await poll(code);
    expect(login.status).toBe(200);
    expect(login.data.token).toMatch(/^[\w-]{43}$/);
  });

  it("refuses a forged plain body under a valid captured signature: no victim's token, no scene change", async () => {
    const victim = await boundVictim();
    const code = await newLoginQr();
    // signature, timestamp and nonce are genuine (as a log line or a proxy would have shown them).
    const forged = await post(gzhRequest(scanEvent(code, victim.openid)));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.text).message).toContain('签名校验失败');
    // Safe-mode envelopes: knowing the token without the key does not open it; another token fails the signature.
    const withOtherKey = await post(gzhRequest(scanEvent(code, victim.openid), { key: 'A'.repeat(43) }));
    expect(withOtherKey.status).toBe(400);
    const withOtherToken = await post(gzhRequest(scanEvent(code, victim.openid), { key: h.config.gzh.aesKey, token: 'someoneElse' }));
    expect(withOtherToken.status).toBe(401);
    expect(await sceneRow(code)).toMatchObject({ status: 'pending', openid: null });
    expect(await poll(code)).toMatchObject({ status: 200, data: { token: null } });
  });

  it('refuses stale timestamps (±5 minutes) and replays; a fresh request is accepted once', async () => {
    const code = await newLoginQr();
    const key = h.config.gzh.aesKey!;
    for (const offset of [-301, 301]) {
      const r = await post(gzhRequest(scanEvent(code, 'oStale'), { key, timestamp: nowS(offset) }));
      expect(r.status).toBe(403);
      expect(JSON.parse(r.text).message).toContain('5 分钟');
    }
    expect(await sceneRow(code)).toMatchObject({ status: 'pending', openid: null });

    const genuine = gzhRequest(scanEvent(code, 'oFirst'), { key });
    // Sent twice at once (as two server processes would see it): exactly one is accepted.
    const both = await Promise.all([post(genuine), post(genuine)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(both.find((r) => r.status === 200)!.text).toBe('success');
    expect(JSON.parse(both.find((r) => r.status === 403)!.text).message).toContain('重复的回调');
    expect(await sceneRow(code)).toMatchObject({ status: 'scanned', openid: 'oFirst' });
    expect((await post(genuine)).status).toBe(403);

    const seen = await h.server.database.kysely.selectFrom('callback_nonce').selectAll().execute();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => Number(r.expires_at) > Date.now())).toBe(true);
  });

  it('the daily cleanup forgets requests whose timestamps can no longer pass', async () => {
    const db = h.server.database.kysely;
    await db.insertInto('callback_nonce').values({ key: 'e'.repeat(64), expires_at: Date.now() - 1 }).execute();
    const live = (await db.selectFrom('callback_nonce').select('key').where('expires_at', '>', Date.now()).execute()).length;
    expect(live).toBeGreaterThan(0);
    await h.server.services.scheduler.trigger('cleanup');
    await h.server.services.jobs.idle(['cleanup']);
    expect(await db.selectFrom('callback_nonce').select('key').where('key', '=', 'e'.repeat(64)).executeTakeFirst()).toBeUndefined();
    expect((await db.selectFrom('callback_nonce').select('key').execute()).length).toBe(live);
  });

  it('answers the URL check once per signed request', async () => {
    const timestamp = nowS();
    const nonce = newNonce();
    const url = `${h.baseUrl}/api/gzh/callback?${new URLSearchParams({ signature: gzhSignature(h.config.gzh.token, timestamp, nonce), timestamp, nonce, echostr: 'echo42' })}`;
    const ok = await fetch(url);
    expect([ok.status, await ok.text()]).toEqual([200, 'echo42']);
    expect((await fetch(url)).status).toBe(403);
    const stale = nowS(-600);
    expect((await fetch(`${h.baseUrl}/api/gzh/callback?${new URLSearchParams({ signature: gzhSignature(h.config.gzh.token, stale, nonce), timestamp: stale, nonce, echostr: 'x' })}`)).status).toBe(403);
  });
});

describe('official-account callback in plain mode (GZH_CALLBACK_MODE=plain)', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness({ GZH_CALLBACK_MODE: 'plain' });
  });
  afterAll(() => plain?.close());

  it('works with the simulator, and a captured signature cannot carry another body once used or stale', async () => {
    expect(plain.config.gzh.aesKey).toBeUndefined();
    const token = await plain.register(uniquePhone());
    const bind = await plain.api<{ code: string }>('/api/account/bind/gzh/code', {}, token);
    const victim = await plain.simCall<{ openid: string; delivered: boolean }>('POST', '/control/gzh/scan', { sceneStr: bind.data.code });
    expect(victim.body.delivered).toBe(true);
    expect((await plain.api('/api/account/bind/gzh/code/change', { code: bind.data.code }, token)).status).toBe(200);

    const code = (await plain.api<{ code: string }>('/api/account/login/gzh/code', {})).data.code;
    // A genuine delivery (of some other event) went through; its query is then reused with a forged body.
    const genuine = request(plain, scanEvent('l_unrelated', 'oSomeoneElse'));
    expect(await postGzh(genuine)).toEqual({ status: 200, text: 'success' });
    expect((await postGzh({ url: genuine.url, body: scanEvent(code, victim.body.openid) })).status).toBe(403);
    const stale = request(plain, scanEvent(code, victim.body.openid), { timestamp: nowS(-360) });
    expect((await postGzh(stale)).status).toBe(403);
    expect(await plain.server.database.kysely.selectFrom('qr_scene').selectAll().where('code', '=', code).executeTakeFirstOrThrow()).toMatchObject({ status: 'pending', openid: null });
    expect(await plain.api('/api/account/login/callback', { code })).toMatchObject({ status: 200, data: { token: null } });
  });
});

describe('WeCom provider callback', () => {
  const crypto = new WecomCrypto({ token: PROVIDER_DEFAULTS.suiteToken, encodingAesKey: PROVIDER_DEFAULTS.suiteAesKey, receiveId: PROVIDER_DEFAULTS.suiteId });
  const ticketXml = (ticket: string) =>
    `<xml><SuiteId><![CDATA[${PROVIDER_DEFAULTS.suiteId}]]></SuiteId><InfoType><![CDATA[suite_ticket]]></InfoType><TimeStamp>${nowS()}</TimeStamp><SuiteTicket><![CDATA[${ticket}]]></SuiteTicket></xml>`;
  const send = (sealed: { xml: string; query: Record<string, string> }) =>
    fetch(`${h.baseUrl}/api/wecom/suite/callback?${new URLSearchParams(sealed.query)}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: sealed.xml });
  const ticket = async () =>
    (await h.server.database.kysely.selectFrom('suite_ticket').select('ticket').where('suite_id', '=', PROVIDER_DEFAULTS.suiteId).executeTakeFirst())?.ticket;

  it('refuses a stale or replayed instruction; a redelivery signed afresh passes', async () => {
    const stale = crypto.seal(ticketXml('ticket-stale'), nowS(-400), newNonce());
    expect((await send(stale)).status).toBe(403);
    expect(await ticket()).not.toBe('ticket-stale');

    const xml = ticketXml('ticket-fresh');
    const first = crypto.seal(xml);
    expect((await send(first)).status).toBe(200);
    await h.server.services.jobs.idle();
    expect(await ticket()).toBe('ticket-fresh');
    const replay = await send(first);
    expect(replay.status).toBe(403);
    // WeCom's own redelivery of the same event comes with a new timestamp and nonce: accepted (and deduplicated).
    expect((await send(crypto.seal(xml))).status).toBe(200);
  });
});

describe('log lines', () => {
  it('carry paths, never query strings', async () => {
    await post(gzhRequest(scanEvent('nothing', 'oLogged')));
    await fetch(`${h.baseUrl}/api/gzh/callback?signature=abc&timestamp=1&nonce=2&openid=oLogged`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<xml/>' });
    await fetch(`${h.baseUrl}/api/nowhere?signature=abc&nonce=2&openid=oLogged`);
    // Whatever else logs a request or an error mentioning a URL loses the query too.
    h.server.log.warn({ req: { method: 'POST', url: '/api/gzh/callback?nonce=3&openid=oLogged' }, err: new Error('failed at /x?timestamp=1&openid=oLogged') }, 'seen /y?signature=abc');
    const text = logLines.join('');
    expect(text).toContain('"url":"/api/gzh/callback"');
    expect(text).toContain('"url":"/api/nowhere"');
    expect(text).toContain('failed at /x');
    for (const leak of ['signature=', 'msg_signature=', 'nonce=', 'openid=', 'timestamp=', 'oLogged']) expect(text).not.toContain(leak);
  });
});

// WeCom configuration, secrets at rest and the callback worker's leftovers and retries.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { bindingOf, SecretBox } from '../../src/wecom/secret-box.js';
import { ServerSecretRepository } from '../../src/wecom/server-secret.repository.js';
import { createTestDatabase } from '../helpers/database.js';
import { startHarness, uniquePhone } from '../helpers/harness.js';

describe('WeCom configuration', () => {
  it('defaults to the real WeCom, or the simulator when SIM_URL is set', () => {
    const real = loadConfig({});
    expect(real.wecom.baseUrl).toBe('https://qyapi.weixin.qq.com/cgi-bin');
    expect(real.wecom.installUrl).toBe('https://open.work.weixin.qq.com');
    expect(real.wecom.provider.suiteId).toBe('');
    expect(real.secretKey).toBeUndefined();
    expect(real.trustedIps).toEqual([]);
    const sim = loadConfig({ SIM: 'on', SIM_URL: 'http://127.0.0.1:3100', SIM_CONTROL_TOKEN: 'sim-control-token-0123' });
    expect(sim.wecom.baseUrl).toBe('http://127.0.0.1:3100/qyapi/cgi-bin');
    expect(sim.wecom.installUrl).toBe('http://127.0.0.1:3100/open');
  });

  it('takes explicit values and checks SECRET_KEY', () => {
    const key = randomBytes(32).toString('hex');
    const c = loadConfig({ WECOM_BASE_URL: 'http://wx/cgi-bin/', WECOM_SUITE_ID: 'ww1', WECOM_TEMPLATE_ID: 'dk1', SECRET_KEY: key, TRUSTED_IPS: '1.2.3.4, 5.6.7.8' });
    expect(c.wecom.baseUrl).toBe('http://wx/cgi-bin');
    expect(c.wecom.provider).toMatchObject({ suiteId: 'ww1', templateId: 'dk1' });
    expect(c.secretKey).toBe(key);
    expect(c.trustedIps).toEqual(['1.2.3.4', '5.6.7.8']);
    expect(loadConfig({ SECRET_KEY: randomBytes(32).toString('base64') }).secretKey).toBeTruthy();
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(ConfigError);
  });
});

describe('SecretBox', () => {
  const dbs: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const d of dbs) await d();
  });

  it('seals with AES-256-GCM and refuses a tampered value', async () => {
    const t = await createTestDatabase({ migrated: true });
    dbs.push(t.drop);
    const database = openDatabase({ dataDir: t.env.DATA_DIR, databaseUrl: t.env.DATABASE_URL });
    await migrateToLatest(database.kysely, database.dialect);
    try {
      const box = new SecretBox({ dataDir: t.env.DATA_DIR, keys: new ServerSecretRepository(database) });
      const A = bindingOf('secret_enc', { account_id: 1, corp_id: 'wwA' });
      const sealed = await box.seal('the-secret', A);
      expect(sealed).toMatch(/^v2\./);
      expect(sealed).not.toContain('the-secret');
      expect(await box.seal('the-secret', A)).not.toBe(sealed);
      expect(await box.open(sealed, A)).toBe('the-secret');
      const parts = sealed.split('.');
      parts[3] = Buffer.from('x'.repeat(10)).toString('base64url');
      await expect(box.open(parts.join('.'), A)).rejects.toThrow();
      // bound to its row and column: another owner, another corp or the other column does not open it
      await expect(box.open(sealed, bindingOf('secret_enc', { account_id: 2, corp_id: 'wwA' }))).rejects.toThrow();
      await expect(box.open(sealed, bindingOf('secret_enc', { account_id: 1, corp_id: 'wwB' }))).rejects.toThrow();
      await expect(box.open(sealed, bindingOf('permanent_code_enc', { account_id: 1, corp_id: 'wwA' }))).rejects.toThrow();
      // the old unbound format still opens
      const old = await box.sealV1('old-secret');
      expect(old).toMatch(/^v1\./);
      expect(await box.open(old, A)).toBe('old-secret');
      expect(SecretBox.isUnbound(old)).toBe(true);
      expect(SecretBox.isUnbound(sealed)).toBe(false);
      // The generated key is shared: a second box (another process) opens what the first sealed.
      const again = new SecretBox({ dataDir: t.env.DATA_DIR, keys: new ServerSecretRepository(database) });
      expect(await again.open(sealed, A)).toBe('the-secret');
      if (database.dialect === 'sqlite') {
        expect(readFileSync(join(t.env.DATA_DIR, 'secret.key'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      } else {
        expect(existsSync(join(t.env.DATA_DIR, 'secret.key'))).toBe(false);
        expect(await database.kysely.selectFrom('server_secret').select('name').execute()).toEqual([{ name: 'secret_key' }]);
      }
      // With SECRET_KEY, that key is used (and a box with another key cannot open the value).
      const own = new SecretBox({ secretKey: randomBytes(32).toString('hex'), dataDir: mkdtempSync(join(tmpdir(), 'k-')), keys: new ServerSecretRepository(database) });
      await expect(own.open(sealed, A)).rejects.toThrow();
      expect(await own.open(await own.seal('x', A), A)).toBe('x');
    } finally {
      await database.close();
    }
  });
});

describe('a secret copied to another work space', () => {
  it('does not open there, while an old unbound (v1) secret still works and is bound on first use', async () => {
    const h = await startHarness();
    try {
      const corp = (await h.simCall('POST', '/control/corps', { seed: 'bound', size: { departments: 2, members: 3, customers: 4, groups: 1, tags: 2 } })).body;
      // two accounts connect the same corp: each row holds the same secret, sealed for itself
      const owners = [await h.register(uniquePhone()), await h.register(uniquePhone())];
      const ids: number[] = [];
      for (const token of owners) {
        const r = await h.api('/api/qw/add', { accessType: 'direct', nickname: '直连企业', corpId: corp.corpId, secret: corp.secret }, token);
        expect(r.status).toBe(200);
        ids.push(r.data.id);
      }
      const db = h.server.database.kysely;
      const secretOf = async (id: number) => (await db.selectFrom('work_space').select('secret_enc').where('id', '=', id).executeTakeFirstOrThrow()).secret_enc!;
      const check = async (i: number) => (await h.api('/api/qw/status/check/replace', { id: ids[i] }, owners[i])).data.status.tokenOk as boolean;
      expect(await check(1)).toBe(true);
      // account 2's row gets account 1's ciphertext (a database write, e.g. a restored dump): it no longer opens
      await db.updateTable('work_space').set({ secret_enc: await secretOf(ids[0]!) }).where('id', '=', ids[1]!).execute();
      expect(await check(1)).toBe(false);
      expect(await check(0)).toBe(true);

      // a value from before the binding (v1) is read, then written back bound to its row
      const box = new SecretBox({ dataDir: h.config.dataDir, keys: new ServerSecretRepository(h.server.database) });
      await db.updateTable('work_space').set({ secret_enc: await box.sealV1(corp.secret) }).where('id', '=', ids[0]!).execute();
      expect(await check(0)).toBe(true);
      const upgraded = await secretOf(ids[0]!);
      expect(upgraded).toMatch(/^v2\./);
      const row = await db.selectFrom('work_space').select(['account_id', 'corp_id']).where('id', '=', ids[0]!).executeTakeFirstOrThrow();
      expect(await box.open(upgraded, bindingOf('secret_enc', row))).toBe(corp.secret);
      expect(await check(0)).toBe(true);
    } finally {
      await h.close();
    }
  });
});

describe('callback inbox on the job system', () => {
  it('processes events left without a job at start; an event WeCom refuses waits for the next day\'s re-sweep', async () => {
    const h = await startHarness();
    try {
      const token = await h.register(uniquePhone());
      const corp = (await h.simCall('POST', '/control/corps', { seed: 'worker', size: { departments: 2, members: 3, customers: 4, groups: 1, tags: 2 } })).body;
      const r = await h.api('/api/qw/add', { accessType: 'direct', nickname: '直连企业', corpId: corp.corpId, secret: corp.secret }, token);
      expect(r.status, r.message).toBe(200);
      expect(r.data.accessType).toBe('direct');
      const db = h.server.database.kysely;
      for (let i = 0; i < 300; i++) {
        if ((await h.api('/api/qw/info', { id: r.data.id }, token)).data.sync.status === 'done') break;
        await new Promise((res) => setTimeout(res, 50));
      }
      const jobs = h.server.services.jobs;
      await jobs.stop();
      const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body;
      const chat = snap.groups[0].chat_id;
      const xml = (chatId: string, t: number) =>
        `<xml><ToUserName><![CDATA[${corp.corpId}]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName><CreateTime>${t}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[change_external_chat]]></Event><ChatId><![CDATA[${chatId}]]></ChatId><ChangeType><![CDATA[create]]></ChangeType></xml>`;
      const row = (key: string, chatId: string) => ({
        work_space_id: r.data.id, dedupe_key: key, raw_xml: xml(chatId, 1), received_at: Date.now() - 60_000,
        processed_at: null, next_attempt_at: 0, attempts: 0, error: null,
      });
      // Stored before the job system existed (no job): one good, one that WeCom refuses (unknown chat).
      await db.insertInto('callback_event').values([row('left-1', chat), row('left-2', 'wrNoSuchChat')]).execute();
      await db.deleteFrom('group_chat').where('work_space_id', '=', r.data.id).execute();
      await h.server.services.callbacks.enqueueUnprocessed();
      await jobs.start();
      await jobs.idle();
      const rows = await db.selectFrom('callback_event').selectAll().where('dedupe_key', 'in', ['left-1', 'left-2']).orderBy('dedupe_key').execute();
      expect(rows[0]).toMatchObject({ attempts: 0, error: null });
      expect(rows[0]!.processed_at).toBeGreaterThan(0);
      expect(rows[1]).toMatchObject({ processed_at: null, attempts: 1 });
      expect(rows[1]!.error).toBeTruthy();
      // WeCom refused it (no such chat): retrying at once cannot help, so the job stops and the event
      // is swept again a day later, when an operator may have fixed the cause.
      const job = await db.selectFrom('job').selectAll().where('singleton_key', '=', `callback:${rows[1]!.id}`).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      expect(Number(rows[1]!.next_attempt_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
      expect(await db.selectFrom('group_chat').select('chat_id').where('work_space_id', '=', r.data.id).execute()).toEqual([{ chat_id: chat }]);

      // Deleting the work space takes its synced rows, its inbox and its jobs with it.
      expect((await h.api('/api/qw/delete', { id: r.data.id }, token)).status).toBe(200);
      for (const t of ['member', 'department', 'customer', 'follow_relation', 'group_chat', 'callback_event', 'job'] as const) {
        expect(await db.selectFrom(t).selectAll().where('work_space_id', '=', r.data.id).execute(), t).toEqual([]);
      }
      expect((await h.api('/api/qw/list', {}, token)).data.total).toBe(0);
    } finally {
      await h.close();
    }
  });
});

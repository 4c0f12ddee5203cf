import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_GZH_DEFAULTS as SIM_DEFAULTS } from '@scrm/wecom-sim';
import { DEFAULT_SISTER_APPS } from '@scrm/contracts/config';
import { ConfigError, configWarnings, loadConfig, readEnv, SIM_GZH_DEFAULTS } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';

const OWN_KEY = 'k'.repeat(43);

describe('SQLITE_CACHE_MB', () => {
  it('sizes the SQLite page cache, 64 MB unless set', async () => {
    const pages = (mb?: number) => {
      const database = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'scrm-cache-')), sqliteCacheMb: mb });
      try {
        return database.sqlite!.pragma('cache_size', { simple: true });
      } finally {
        void database.close();
      }
    };
    expect(pages()).toBe(-64 * 1024);
    expect(pages(loadConfig({ SQLITE_CACHE_MB: '256' }).sqliteCacheMb)).toBe(-256 * 1024);
  });
});

describe('SQLite temporary files', () => {
  it('are kept in memory: a statement\'s undo pages inside a transaction never go through a file', async () => {
    const database = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'scrm-temp-')) });
    try {
      // 2 = MEMORY. On a file, a first sync's multi-row inserts wrote 12 GB of statement journal (bench/RESULTS.md, Sync).
      expect(database.sqlite!.pragma('temp_store', { simple: true })).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('loadConfig', () => {
  it('has a documented default for every variable', () => {
    const c = loadConfig({});
    expect(c.mode).toBe('trial');
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sqliteCacheMb).toBe(64);
    expect(c.logLevel).toBe('info');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.simUrl).toBeUndefined();
    expect(c.smsProvider).toBe('log');
    expect(c.gzh).toEqual({ baseUrl: undefined, ...SIM_GZH_DEFAULTS, notifyTemplateId: 'scrm_notice' });
    expect(c.debugLoginCode).toBeUndefined();
    expect(c.tokenTtlDays).toBe(30);
    expect(c.sisterApps).toEqual(DEFAULT_SISTER_APPS);
    expect(c.sisterApps).toHaveLength(4);
    expect(c.limits).toEqual({ smsPerPhonePerDay: 10, smsPerIpPerHour: 30, loginMaxFailures: 5, rateLimitPerMinute: 120, fileRateLimitPerMinute: 600 });
    expect(c.trustProxy).toBe(false);
    expect(c.argon2MemoryKib).toBe(19456);
    expect(resolve(c.webDistRoot, 'apps/server/src/config.ts')).toBe(resolve(__dirname, '../../src/config.ts'));
  });

  it('derives the public URL from PORT and the providers from SIM_URL', () => {
    const c = loadConfig({ PORT: '8080', SIM: 'on', SIM_URL: 'http://127.0.0.1:3100/', SIM_CONTROL_TOKEN: 'sim-control-token-0123' });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.simUrl).toBe('http://127.0.0.1:3100');
    expect(c.smsProvider).toBe('sim');
    expect(c.simToken).toBe('sim-control-token-0123');
    expect(c.gzh.baseUrl).toBe('http://127.0.0.1:3100');
  });

  it('lets explicit values win', () => {
    const c = loadConfig({
      SIM: 'on',
      SIM_URL: 'http://sim',
      SIM_CONTROL_TOKEN: 'sim-control-token-0123',
      SMS_PROVIDER: 'log',
      GZH_BASE_URL: 'https://api.weixin.qq.com',
      GZH_APP_ID: 'wxabc',
      GZH_APP_SECRET: 's',
      GZH_TOKEN: 't0ken',
      GZH_AES_KEY: OWN_KEY,
      PUBLIC_URL: 'https://scrm.example.com/',
      DATABASE_URL: 'postgres://u@h/db',
      DEBUG_LOGIN_CODE: 'dbg-0123456789-0123456789-0123456789',
      TOKEN_TTL_DAYS: '7',
      SMS_PER_PHONE_PER_DAY: '3',
      SMS_PER_IP_PER_HOUR: '4',
      LOGIN_MAX_FAILURES: '2',
      RATE_LIMIT_PER_MINUTE: '9',
      FILE_RATE_LIMIT_PER_MINUTE: '11',
      TRUST_PROXY: '1',
      SISTER_APPS: '[{"name":"甲","icon":"AppstoreOutlined","url":"https://a.example"}]',
      GZH_NOTIFY_TEMPLATE_ID: 'tpl-notice-1',
    });
    expect(c.smsProvider).toBe('log');
    expect(c.gzh).toEqual({ baseUrl: 'https://api.weixin.qq.com', appId: 'wxabc', appSecret: 's', notifyTemplateId: 'tpl-notice-1', token: 't0ken', aesKey: OWN_KEY });
    expect(c.publicUrl).toBe('https://scrm.example.com');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.debugLoginCode).toBe('dbg-0123456789-0123456789-0123456789');
    expect(c.tokenTtlDays).toBe(7);
    expect(c.limits).toEqual({ smsPerPhonePerDay: 3, smsPerIpPerHour: 4, loginMaxFailures: 2, rateLimitPerMinute: 9, fileRateLimitPerMinute: 11 });
    expect(c.trustProxy).toBe(1);
    expect(c.sisterApps).toEqual([{ name: '甲', icon: 'AppstoreOutlined', url: 'https://a.example' }]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('refuses bad values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOKEN_TTL_DAYS: '0' })).toThrow(/TOKEN_TTL_DAYS/);
    expect(() => loadConfig({ SQLITE_CACHE_MB: '1' })).toThrow(/SQLITE_CACHE_MB/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SIM: 'on', SMS_PROVIDER: 'sim' })).toThrow(/SIM_URL/);
    expect(() => loadConfig({ SISTER_APPS: 'not json' })).toThrow(ConfigError);
    expect(() => loadConfig({ SISTER_APPS: '[{"name":1}]' })).toThrow(/SISTER_APPS/);
  });

  it('reads the sister apps’ ids and their exchange secrets (GET /api/get_access_token)', () => {
    const apps = '[{"id":"ads","name":"甲","icon":"A","url":"https://a.example"},{"name":"乙","icon":"B","url":"https://b.example"}]';
    const c = loadConfig({ SISTER_APPS: apps, SISTER_APP_SECRETS: '{"ads":"0123456789abcdef","2":"fedcba9876543210"}' });
    expect(c.sisterApps).toEqual([
      { id: 'ads', name: '甲', icon: 'A', url: 'https://a.example' },
      { name: '乙', icon: 'B', url: 'https://b.example' },
    ]);
    expect(c.sisterAppSecrets).toEqual({ ads: '0123456789abcdef', '2': 'fedcba9876543210' });
    expect(loadConfig({}).sisterAppSecrets).toEqual({});
    expect(() => loadConfig({ SISTER_APPS: '[{"id":"a b","name":"甲","icon":"A","url":"u"}]' })).toThrow(/SISTER_APPS/);
    expect(() => loadConfig({ SISTER_APPS: apps, SISTER_APP_SECRETS: '{"ads":"short"}' })).toThrow(/SISTER_APP_SECRETS/);
    expect(() => loadConfig({ SISTER_APPS: apps, SISTER_APP_SECRETS: '{"nope":"0123456789abcdef"}' })).toThrow(/SISTER_APP_SECRETS/);
    expect(() => loadConfig({ SISTER_APP_SECRETS: '["x"]' })).toThrow(/SISTER_APP_SECRETS/);
  });

  it('with a real official account, refuses the public simulator token and needs its own safe-mode key', () => {
    const real = { GZH_BASE_URL: 'https://api.weixin.qq.com', GZH_APP_ID: 'wxabc', GZH_APP_SECRET: 's' };
    expect(() => loadConfig({ ...real, GZH_AES_KEY: OWN_KEY })).toThrow(/GZH_TOKEN/);
    expect(() => loadConfig({ ...real, GZH_TOKEN: SIM_GZH_DEFAULTS.token, GZH_AES_KEY: OWN_KEY, SIM: 'on', SIM_URL: 'http://sim', SIM_CONTROL_TOKEN: 'sim-control-token-0123' })).toThrow(/GZH_TOKEN/);
    expect(() => loadConfig({ ...real, GZH_TOKEN: 'own' })).toThrow(/GZH_AES_KEY/);
    expect(() => loadConfig({ ...real, GZH_TOKEN: 'own', GZH_AES_KEY: SIM_GZH_DEFAULTS.aesKey })).toThrow(/GZH_AES_KEY/);
    expect(() => loadConfig({ ...real, GZH_TOKEN: 'own', GZH_AES_KEY: 'short' })).toThrow(/GZH_AES_KEY/);
    expect(() => loadConfig({ GZH_CALLBACK_MODE: 'aes' })).toThrow(/GZH_CALLBACK_MODE/);
    // Plain mode is an explicit choice; the token must still be the account's own.
    expect(loadConfig({ ...real, GZH_TOKEN: 'own', GZH_CALLBACK_MODE: 'plain' }).gzh.aesKey).toBeUndefined();
    expect(() => loadConfig({ ...real, GZH_CALLBACK_MODE: 'plain' })).toThrow(/GZH_TOKEN/);
    // The simulator (GZH_BASE_URL defaults to SIM_URL) runs in safe mode with its own defaults.
    const chosen = { SIM: 'on', SIM_CONTROL_TOKEN: 'sim-control-token-0123' };
    const sim = loadConfig({ ...chosen, SIM_URL: 'http://127.0.0.1:3100/' }).gzh;
    expect(sim).toMatchObject({ token: SIM_GZH_DEFAULTS.token, aesKey: SIM_GZH_DEFAULTS.aesKey });
    expect(loadConfig({ ...chosen, SIM_URL: 'http://127.0.0.1:3100', GZH_BASE_URL: 'http://127.0.0.1:3100/' }).gzh.aesKey).toBe(SIM_GZH_DEFAULTS.aesKey);
  });

  it('matches the simulator defaults', () => {
    expect(SIM_GZH_DEFAULTS).toEqual({ appId: SIM_DEFAULTS.appId, appSecret: SIM_DEFAULTS.appSecret, token: SIM_DEFAULTS.token, aesKey: SIM_DEFAULTS.encodingAesKey });
  });
});

describe('readEnv', () => {
  it('reads .env and lets the process environment win', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrm-env-'));
    writeFileSync(join(dir, '.env'), 'PORT=4321\nSCRM_TEST_ONLY_VAR=from-file\nPATH=from-file\n');
    const env = readEnv(dir);
    expect(env.PORT ?? '').toBe(process.env.PORT ?? '4321');
    expect(env.SCRM_TEST_ONLY_VAR).toBe('from-file');
    expect(env.PATH).toBe(process.env.PATH);
    expect(readEnv(join(dir, 'missing')).SCRM_TEST_ONLY_VAR).toBeUndefined();
  });
});

describe('the simulator, production mode and debug login', () => {
  const SIM = { SIM: 'on', SIM_URL: 'http://127.0.0.1:3100', SIM_CONTROL_TOKEN: 'sim-control-token-0123' };
  const KEY = 'ab'.repeat(32);
  /** Everything production asks for, right. */
  const PROD_OK = { SCRM_MODE: 'production', SECRET_KEY: KEY, SMS_PROVIDER: 'real', GZH_TOKEN: 'myOwnToken42', GZH_AES_KEY: OWN_KEY };

  it('takes the simulator only when it is chosen explicitly (SIM=on) and with its control token', () => {
    expect(() => loadConfig({ SIM_URL: 'http://127.0.0.1:3100' })).toThrow(/SIM=on/);
    expect(() => loadConfig({ SIM_URL: 'http://127.0.0.1:3100', SIM_CONTROL_TOKEN: 'x'.repeat(20) })).toThrow(/SIM=on/);
    expect(() => loadConfig({ SMS_PROVIDER: 'sim' })).toThrow(/SIM=on/);
    expect(() => loadConfig({ SIM: 'on' })).toThrow(/SIM_URL/);
    expect(() => loadConfig({ SIM: 'on', SIM_URL: 'http://127.0.0.1:3100' })).toThrow(/SIM_CONTROL_TOKEN/);
    expect(loadConfig(SIM).smsProvider).toBe('sim');
    // a real WeCom beside the simulator keeps SMS on the simulator only when asked for
    expect(() => loadConfig({ SIM_URL: 'http://127.0.0.1:3100', WECOM_BASE_URL: 'https://qyapi.weixin.qq.com/cgi-bin' })).toThrow(/SIM=on/);
    expect(loadConfig({}).simToken).toBeUndefined();
  });

  it('refuses a debug login code shorter than 32 characters', () => {
    expect(() => loadConfig({ DEBUG_LOGIN_CODE: 'let-me-in' })).toThrow(/DEBUG_LOGIN_CODE must be at least 32 characters/);
    expect(() => loadConfig({ DEBUG_LOGIN_CODE: 'x'.repeat(31) })).toThrow(/DEBUG_LOGIN_CODE/);
    expect(loadConfig({ DEBUG_LOGIN_CODE: 'x'.repeat(32) }).debugLoginCode).toBe('x'.repeat(32));
  });

  it('refuses to start in production mode with anything meant for trying the product, listing all of it', () => {
    let message = '';
    try {
      loadConfig({ SCRM_MODE: 'production' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/SECRET_KEY is not set/);
    expect(message).toMatch(/SMS_PROVIDER=\(unset: log\)/);
    expect(message).toMatch(/GZH_TOKEN is unset/);
    expect(message).toMatch(/GZH_AES_KEY is unset/);
    expect(message).not.toMatch(/TEST_CLOCK|DEBUG_LOGIN_CODE|SIM=on/);

    const all = () => loadConfig({ ...PROD_OK, ...SIM, SMS_PROVIDER: 'sim', DEBUG_LOGIN_CODE: 'x'.repeat(40), TEST_CLOCK: 'on', GZH_TOKEN: SIM_GZH_DEFAULTS.token });
    expect(all).toThrow(/SIM=on \/ SIM_URL/);
    expect(all).toThrow(/SMS_PROVIDER=sim/);
    expect(all).toThrow(/DEBUG_LOGIN_CODE is set/);
    expect(all).toThrow(/TEST_CLOCK=on/);
    expect(all).toThrow(/GZH_TOKEN is unset or the simulator's default/);
    expect(() => loadConfig({ ...PROD_OK, SMS_PROVIDER: 'log' })).toThrow(/SMS_PROVIDER=log/);
    expect(() => loadConfig({ ...PROD_OK, GZH_AES_KEY: SIM_GZH_DEFAULTS.aesKey })).toThrow(/GZH_AES_KEY/);
    expect(() => loadConfig({ ...PROD_OK, SIM_URL: 'http://sim' })).toThrow(/SIM_URL/);
    // the right settings start production mode
    const prod = loadConfig({ ...PROD_OK, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_TOKEN: 't' });
    expect(prod.mode).toBe('production');
    expect(prod.smsHttp).toEqual({ url: 'https://sms.example.com/send', token: 't' });
    expect(prod.simUrl).toBeUndefined();
    expect(() => loadConfig(PROD_OK)).toThrow(/^SMS_PROVIDER must be http, sim or log/);
    expect(() => loadConfig({ ...PROD_OK, SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ ...PROD_OK, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'ftp://x' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ SCRM_MODE: 'prod' })).toThrow(/SCRM_MODE must be production or trial/);
  });

  it('warns loudly outside production mode when SECRET_KEY is generated', () => {
    expect(configWarnings(loadConfig({})).join('\n')).toMatch(/SECRET_KEY is not set/);
    expect(configWarnings(loadConfig({ SECRET_KEY: KEY })).join('\n')).not.toMatch(/SECRET_KEY/);
  });
});

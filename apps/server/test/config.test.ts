import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_GZH_DEFAULTS as SIM_DEFAULTS } from '@scrm/wecom-sim';
import { ConfigError, DEFAULT_SISTER_APPS, loadConfig, readEnv, SIM_GZH_DEFAULTS } from '../src/config.js';

describe('loadConfig', () => {
  it('has a documented default for every variable', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.logLevel).toBe('info');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.simUrl).toBeUndefined();
    expect(c.smsProvider).toBe('log');
    expect(c.gzh).toEqual({ baseUrl: undefined, ...SIM_GZH_DEFAULTS });
    expect(c.debugLoginCode).toBeUndefined();
    expect(c.tokenTtlDays).toBe(30);
    expect(c.sisterApps).toEqual(DEFAULT_SISTER_APPS);
    expect(c.sisterApps).toHaveLength(4);
    expect(c.limits).toEqual({ smsPerPhonePerDay: 10, smsPerIpPerHour: 30, loginMaxFailures: 5, rateLimitPerMinute: 120, fileRateLimitPerMinute: 600 });
    expect(c.trustProxy).toBe(false);
    expect(c.argon2MemoryKib).toBe(19456);
    expect(resolve(c.webDistRoot, 'apps/server/src/config.ts')).toBe(resolve(__dirname, '../src/config.ts'));
  });

  it('derives the public URL from PORT and the providers from SIM_URL', () => {
    const c = loadConfig({ PORT: '8080', SIM_URL: 'http://127.0.0.1:3100/' });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.simUrl).toBe('http://127.0.0.1:3100');
    expect(c.smsProvider).toBe('sim');
    expect(c.gzh.baseUrl).toBe('http://127.0.0.1:3100');
  });

  it('lets explicit values win', () => {
    const c = loadConfig({
      SIM_URL: 'http://sim',
      SMS_PROVIDER: 'log',
      GZH_BASE_URL: 'https://api.weixin.qq.com',
      GZH_APP_ID: 'wxabc',
      GZH_APP_SECRET: 's',
      GZH_TOKEN: 't0ken',
      PUBLIC_URL: 'https://scrm.example.com/',
      DATABASE_URL: 'postgres://u@h/db',
      DEBUG_LOGIN_CODE: 'dbg',
      TOKEN_TTL_DAYS: '7',
      SMS_PER_PHONE_PER_DAY: '3',
      SMS_PER_IP_PER_HOUR: '4',
      LOGIN_MAX_FAILURES: '2',
      RATE_LIMIT_PER_MINUTE: '9',
      FILE_RATE_LIMIT_PER_MINUTE: '11',
      TRUST_PROXY: '1',
      SISTER_APPS: '[{"name":"甲","icon":"AppstoreOutlined","url":"https://a.example"}]',
    });
    expect(c.smsProvider).toBe('log');
    expect(c.gzh).toEqual({ baseUrl: 'https://api.weixin.qq.com', appId: 'wxabc', appSecret: 's', token: 't0ken' });
    expect(c.publicUrl).toBe('https://scrm.example.com');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.debugLoginCode).toBe('dbg');
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
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'sim' })).toThrow(/SIM_URL/);
    expect(() => loadConfig({ SISTER_APPS: 'not json' })).toThrow(ConfigError);
    expect(() => loadConfig({ SISTER_APPS: '[{"name":1}]' })).toThrow(/SISTER_APPS/);
  });

  it('matches the simulator defaults', () => {
    expect(SIM_GZH_DEFAULTS).toEqual({ appId: SIM_DEFAULTS.appId, appSecret: SIM_DEFAULTS.appSecret, token: SIM_DEFAULTS.token });
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

// The control token: the control API, the SMS outbox and the pages for people need it; WeCom's and
// WeChat's own doors stay as open as the real services; the simulator listens on 127.0.0.1 by default.
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorOptionsFromEnv } from '../src/env.js';
import { SIM_GZH_DEFAULTS } from '../src/index.js';
import { type Sim, startSim } from './helpers.js';

let s: Sim;
const TOKEN = 'access-test-token-0123456789';

beforeAll(async () => {
  s = await startSim({ controlToken: TOKEN, sampleCorp: { seed: 'access', size: { members: 3, customers: 5 } } });
});
afterAll(() => s?.sim.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(s.base + path, { headers, redirect: 'manual' });

describe('control token', () => {
  it('refuses the control API, the SMS gateway and outbox without it, with a clear message', async () => {
    for (const [method, path] of [
      ['GET', '/control/provider'],
      ['GET', '/control/corps'],
      ['POST', '/control/gzh/scan'],
      ['POST', '/control/reset'],
      ['GET', '/sms/outbox'],
      ['POST', '/sms/send'],
    ] as const) {
      const res = await fetch(s.base + path, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { errmsg: string }).errmsg).toContain('控制口令');
    }
    // an address spelled otherwise reaches the same routes, and the same check
    for (const path of ['/%63ontrol/provider', '/%73ms/outbox', '/wecom/%73can/x', '/control/corps/x%20y']) {
      expect((await get(path)).status, path).toBe(401);
    }
    for (const path of ['/control/provider/', '/sms//outbox', '//control/provider']) expect([401, 404], path).toContain((await get(path)).status);
    const wrong = await get('/control/provider', { authorization: 'Bearer not-the-token-at-all' });
    expect(wrong.status).toBe(401);
    // the token is not taken from the query of an API call
    expect((await get(`/control/provider?token=${TOKEN}`)).status).toBe(401);
    // nothing happened: the outbox is still empty
    expect((await s.call('GET', '/sms/outbox')).body.list).toEqual([]);
  });

  it('answers the control API and the outbox with it', async () => {
    const provider = await get('/control/provider', { authorization: `Bearer ${TOKEN}` });
    expect(provider.status).toBe(200);
    expect(((await provider.json()) as { suiteId: string }).suiteId).toBeTruthy();
    expect((await s.call('POST', '/sms/send', { phone: '13800000001', content: '验证码 123456' })).body.errcode).toBe(0);
    expect((await s.call('GET', '/sms/outbox')).body.list[0].code).toBe('123456');
  });

  it('locks the pages for people; ?token= once sets a cookie and leaves the token out of the address', async () => {
    const locked = await get('/');
    expect(locked.status).toBe(401);
    const html = await locked.text();
    expect(html).toContain('需要模拟器控制口令');
    expect(html).not.toContain('待扫码的二维码');
    expect(await (await get('/?token=wrong-token-0000000000')).text()).toContain('口令不正确');

    const opened = await get(`/?token=${TOKEN}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/); // a link from the console (another site: localhost vs 127.0.0.1) still opens the page
    const pair = cookie.split(';')[0]!;
    const page = await get('/', { cookie: pair });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('待扫码的二维码');
    // the page's own calls go with the cookie
    expect((await get('/control/gzh/scenes', { cookie: pair })).status).toBe(200);
    expect((await get('/sms/outbox', { cookie: pair })).status).toBe(200);
    // the scan pages too
    const corpId = [...s.sim.sim.wecom.corps.keys()][0]!;
    const way = (await s.call('GET', `/control/corps/${corpId}`)).body.contactWays[0];
    expect((await get(`/wecom/scan/${way.config_id}`)).status).toBe(401);
    expect((await get(`/wecom/scan/${way.config_id}`, { cookie: pair })).status).toBe(200);
    const back = await get(`/gzh/qr/gQx?token=${TOKEN}&a=1`);
    expect(back.headers.get('location')).toBe('/gzh/qr/gQx?a=1');
  });

  it('leaves WeCom, the official account, the install pages and the QR images as open as the real ones', async () => {
    const gzh = await get(`/cgi-bin/token?grant_type=client_credential&appid=${SIM_GZH_DEFAULTS.appId}&secret=${SIM_GZH_DEFAULTS.appSecret}`);
    expect(((await gzh.json()) as { access_token?: string }).access_token).toBeTruthy();
    const corp = [...s.sim.sim.wecom.corps.values()][0]!;
    const wecom = await get(`/qyapi/cgi-bin/gettoken?corpid=${corp.corpId}&corpsecret=${corp.secret}`);
    expect(((await wecom.json()) as { errcode: number }).errcode).toBe(0);
    expect((await get('/open/customized/install?template_id=nope')).status).toBe(400); // WeCom's own refusal, not ours
    const way = (await s.call('GET', `/control/corps/${corp.corpId}`)).body.contactWays.find((w: { scene: number }) => w.scene === 2);
    if (way) expect((await get(`/wwpic/${way.config_id}.png`)).status).toBe(200);
  });

  it('refuses a weak SIM_CONTROL_TOKEN and generates one when unset', async () => {
    expect(() => simulatorOptionsFromEnv({ SIM_CONTROL_TOKEN: 'short' })).toThrow(/SIM_CONTROL_TOKEN/);
    expect(simulatorOptionsFromEnv({ SIM_CONTROL_TOKEN: TOKEN }).controlToken).toBe(TOKEN);
    const other = await startSim();
    try {
      expect(other.sim.sim.controlToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(other.sim.sim.controlToken).not.toBe(TOKEN);
    } finally {
      await other.sim.close();
    }
  });
});

describe('log lines', () => {
  it('never carry the token of a page address', async () => {
    const lines: string[] = [];
    const other = await startSim({ controlToken: TOKEN, logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
    try {
      await fetch(`${other.base}/?token=${TOKEN}`, { redirect: 'manual' });
      await fetch(`${other.base}/control/provider`, { headers: other.auth });
      expect(lines.some((l) => l.includes('token=***'))).toBe(true);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      await other.sim.close();
    }
  });
});

describe('main.ts', () => {
  it('listens on 127.0.0.1 by default and prints the page address with the token', async () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, SIM_PORT: '0', SIM_HOST: '', SIM_CONTROL_TOKEN: '', SIM_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d;
          const m = /企微模拟器: (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
        setTimeout(() => reject(new Error(`no address printed: ${out}`)), 30_000);
      });
      const url = new URL(line);
      expect(url.hostname).toBe('127.0.0.1');
      const token = url.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const port = Number(url.port);
      expect((await fetch(`http://127.0.0.1:${port}/control/provider`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/control/provider`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // not reachable on the host's other addresses
      const external = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (external) await expect(fetch(`http://${external}:${port}/`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
    } finally {
      child.kill('SIGTERM');
    }
  }, 40_000);
});

// The production command (npm run prod → scripts/prod.mjs, SCRM_MODE=production) as an operator runs
// it — the built server (scripts/build-server.mjs), as `npm run build` leaves it — and the http SMS
// provider production needs.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs build script
import { buildServer } from '../../../../scripts/build-server.mjs';
import { startHarness, uniquePhone } from '../helpers/harness.js';

const SCRIPT = resolve(__dirname, '../../../../scripts/prod.mjs');
const web = mkdtempSync(join(tmpdir(), 'scrm-prod-'));
mkdirSync(join(web, 'apps/shell/dist'), { recursive: true });
writeFileSync(join(web, 'apps/shell/dist/index.html'), '<!doctype html><title>scrm</title>');

const RIGHT = {
  SECRET_KEY: 'ab'.repeat(32),
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'http://127.0.0.1:9/send',
  GZH_TOKEN: 'operatorToken42',
  GZH_AES_KEY: 'o'.repeat(43),
};

const freePort = () =>
  new Promise<number>((done) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** Runs the production command with only these settings (none inherited from the test's environment). */
function prod(env: Record<string, string>, until?: RegExp) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SIM|SCRM_MODE|SECRET_KEY|SMS_|GZH_|DEBUG_LOGIN_CODE|TEST_CLOCK|DATABASE_URL|PORT|HOST)/.test(k)));
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...clean, DATA_DIR: mkdtempSync(join(tmpdir(), 'scrm-prod-data-')), WEB_DIST_ROOT: web, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const seen = until
    ? new Promise<void>((done, fail) => {
        const t = setInterval(() => until.test(out) && (clearInterval(t), done()), 50);
        void exited.then(() => (clearInterval(t), fail(new Error(`exited: ${out}`))));
      })
    : undefined;
  return { child, exited, seen, out: () => out };
}

describe('npm run prod', () => {
  beforeAll(() => buildServer(), 60_000);

  it('refuses unsafe settings before listening, naming each', async () => {
    const run = prod({ SCRM_MODE: 'trial', SIM: 'on', SIM_URL: 'http://127.0.0.1:3100', SIM_CONTROL_TOKEN: 'sim-control-token-0123', TEST_CLOCK: 'on', DEBUG_LOGIN_CODE: 'x'.repeat(40), SMS_PROVIDER: 'log' });
    expect(await run.exited).toBe(1);
    const out = run.out();
    for (const what of ['SCRM_MODE=production refuses to start', 'SECRET_KEY is not set', 'SIM=on / SIM_URL', 'SMS_PROVIDER=log', 'DEBUG_LOGIN_CODE is set', 'TEST_CLOCK=on', 'GZH_TOKEN']) {
      expect(out).toContain(what);
    }
    expect(out).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  }, 120_000);

  it('stops when the web build is missing', { timeout: 60_000 }, async () => {
    const run = prod({ ...RIGHT, WEB_DIST_ROOT: join(web, 'missing') });
    expect(await run.exited).toBe(1);
    expect(run.out()).toContain('npm run build');
  });

  it('starts with the right settings, in production mode, without the simulator', async () => {
    const port = await freePort();
    const run = prod({ ...RIGHT, PORT: String(port), HOST: '127.0.0.1' }, /企微SCRM server \(production\)/);
    try {
      await run.seen;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const config = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(config).not.toContain('simulatorUrl');
      // debug login and the test clock do not exist there
      const debug = await fetch(`http://127.0.0.1:${port}/api/account/login/debug`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":1,"code":"x"}' });
      expect(debug.status).toBe(404);
      expect(run.out()).not.toContain('trial mode');
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }, 120_000);
});

describe('SMS_PROVIDER=http', () => {
  const received: Array<{ auth?: string; body: any }> = [];
  let answer = 200;
  const gateway = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.statusCode = answer;
      res.end('{}');
    });
  });
  afterAll(() => new Promise((r) => gateway.close(r)));

  it('posts the code to SMS_HTTP_URL with its token, and says so in Chinese when the gateway fails', async () => {
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/send`;
    const h = await startHarness({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_TOKEN: 'gateway-token' });
    try {
      const phone = uniquePhone();
      expect((await h.api('/api/account/code/send', { phone })).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.auth).toBe('Bearer gateway-token');
      expect(received[0]!.body.phone).toBe(phone);
      expect(received[0]!.body.content).toMatch(/验证码为\d{6}/);
      // the simulator's outbox got nothing
      expect((await h.simCall('GET', `/sms/outbox?phone=${phone}`)).body.list).toEqual([]);

      answer = 500;
      const failed = await h.api('/api/account/code/send', { phone: uniquePhone() });
      expect(failed).toMatchObject({ status: 502, message: '短信发送失败，请稍后重试' });
    } finally {
      await h.close();
    }
  });
});

// Starts the simulator and the server on port 0 with a fresh database, wires them to each other
// (server SIM_URL → simulator; simulator callback → server) and talks to them over real HTTP.
import type { DestinationStream } from 'pino';
import { buildSimulator, type Simulator } from '@scrm/wecom-sim';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config, type Env } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import type { Api } from '../../src/http/types.js';
import { registerSimulatorCallback } from '../../src/outbound/simulator.js';
import { createTestDatabase } from './database.js';

export interface ApiResult<T = any> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Headers;
}

export interface Harness {
  server: Api;
  sim: Simulator;
  config: Config;
  baseUrl: string;
  simUrl: string;
  /** POST `path` with a JSON body (and a bearer token); the envelope plus the HTTP status. */
  api<T = any>(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<ApiResult<T>>;
  /** The newest code the simulator's outbox holds for a phone. */
  smsCode(phone: string): Promise<string>;
  /** Sends a code and reads it back from the simulator's outbox. */
  sendCode(phone: string): Promise<string>;
  /** Registers a main account and returns its token. */
  register(phone: string, password?: string): Promise<string>;
  /** Control API of the simulator. */
  simCall<T = any>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

const BASE_ENV: Env = {
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  ARGON2_MEMORY_KIB: '1024',
  SMS_PER_PHONE_PER_DAY: '1000',
  SMS_PER_IP_PER_HOUR: '100000',
  RATE_LIMIT_PER_MINUTE: '100000',
  FILE_RATE_LIMIT_PER_MINUTE: '100000',
};

export async function startHarness(
  env: Env = {},
  simOpts: { callbackTimeoutMs?: number } = {},
  serverOpts: { logStream?: DestinationStream } = {},
): Promise<Harness> {
  const sim = await buildSimulator({ logger: false, gzh: { callbackTimeoutMs: simOpts.callbackTimeoutMs ?? 5000 } });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const simUrl = `http://127.0.0.1:${(sim.server.address() as { port: number }).port}`;

  const db = await createTestDatabase({ migrated: true });
  let config: Config;
  let server: Api | undefined;
  try {
    config = loadConfig({ ...BASE_ENV, SIM: 'on', SIM_URL: simUrl, SIM_CONTROL_TOKEN: sim.sim.controlToken, ...db.env, ...env });
    server = await buildApp(config, serverOpts);
    await migrateToLatest(server.database.kysely, server.database.dialect);
    server.database.prepareStatements();
    await server.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    // A configuration the server refuses (a test of that) leaves no database or simulator behind.
    await server?.close();
    await sim.close();
    await db.drop();
    throw err;
  }
  const baseUrl = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  await registerSimulatorCallback({ url: simUrl, token: sim.sim.controlToken }, `${baseUrl}/api/gzh/callback`, config.gzh.token, { encodingAesKey: config.gzh.aesKey ?? '' });
  const simAuth = { authorization: `Bearer ${sim.sim.controlToken}` };
  // PUBLIC_URL names port 0 here: point the provider callbacks at the real port.
  await fetch(`${simUrl}/control/provider`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...simAuth },
    body: JSON.stringify({ suiteCallbackUrl: `${baseUrl}/api/wecom/suite/callback`, templateCallbackUrl: `${baseUrl}/api/wecom/template/callback` }),
  });

  // The simulated cashier's notifications go to this server's real port, retried quickly.
  await fetch(`${simUrl}/control/pay/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...simAuth },
    body: JSON.stringify({ notifyUrl: `${baseUrl}/api/pay/notify/sim`, retryDelaysMs: [100, 200, 400] }),
  });

  const api: Harness['api'] = async (path, body, token, headers = {}) => {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data?: unknown };
    return { status: res.status, code: json.code, message: json.message, data: json.data as any, headers: res.headers };
  };

  const simCall: Harness['simCall'] = async (method, path, body) => {
    const res = await fetch(simUrl + path, {
      method,
      headers: body === undefined ? simAuth : { ...simAuth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  const smsCode = async (phone: string) => {
    const { body } = await simCall<{ list: Array<{ code: string }> }>('GET', `/sms/outbox?phone=${phone}`);
    const code = body.list[0]?.code;
    if (!code) throw new Error(`no SMS for ${phone}`);
    return code;
  };

  const sendCode = async (phone: string) => {
    const r = await api('/api/account/code/send', { phone });
    if (r.status !== 200) throw new Error(`code/send ${phone}: ${r.status} ${r.message}`);
    return smsCode(phone);
  };

  const register = async (phone: string, password = 'secret123') => {
    const code = await sendCode(phone);
    const r = await api<{ token: string }>('/api/account/create', { phone, code, password });
    if (r.status !== 200) throw new Error(`create ${phone}: ${r.status} ${r.message}`);
    // Beyond the trial (5 seats): enough seats that tests of other domains put any member on a channel code
    // (a member without a seat is not offered to WeCom, docs/seats.md). test/seat clears them.
    const me = await api<{ id: number }>('/api/account/info', {}, r.data.token);
    await server.services.seats.credit(me.data.id, TEST_SEATS, 3650, 'debug');
    return r.data.token;
  };

  return {
    server,
    sim,
    config,
    baseUrl,
    simUrl,
    api,
    smsCode,
    sendCode,
    register,
    simCall,
    async close() {
      await server.close();
      await sim.close();
      await db.drop();
    },
  };
}

let phoneSeq = 0;
/** A phone number no other test in this process uses. */
/** The seats every account registered through the harness gets beyond its trial. */
export const TEST_SEATS = 200;

export const uniquePhone = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

// A stack of its own for drills: the simulator and the server as separate processes on their own
// ports, so a spec can kill -9 the server and start it again on the same data while the simulator
// (WeCom) keeps running, or move the server's business clock (TEST_CLOCK) without touching other specs.
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { serverArgs, simArgs, startChild, waitForPort } from '../scripts/lib.mjs';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { stackClient } from '../scripts/stack-client.mjs';
import { openAs } from './helpers';

export interface DrillStack {
  serverUrl: string;
  simUrl: string;
  /** The simulator's control token (its page takes it once as `?token=`). */
  simToken: string;
  client: {
    api<T = any>(path: string, body?: unknown, token?: string): Promise<T>;
    control<T = any>(path: string, body?: unknown): Promise<T>;
    /** Any call to the simulator (GET, DELETE…), with its control token. */
    simFetch(path: string, init?: RequestInit): Promise<Response>;
    registerAccount(phone: string, password: string): Promise<string>;
    connectSampleCorp(token: string, o: { name: string; seed: string; size: Record<string, number> }): Promise<{ corp: any; work: any }>;
    waitForSync(token: string, id: number): Promise<{ status: string }>;
  };
  /** kill -9: no shutdown hooks, no goodbye. */
  killServer(): Promise<void>;
  startServer(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** A work-space call (`/api/<path>`) to a drill's server as an account; its `data`, or an error naming the call. */
export async function drillApi<T = any>(serverUrl: string, as: { token: string; workId: number }, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${serverUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${as.token}`, 'x-work-id': String(as.workId) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (!res.ok || json.code !== 0) throw new Error(`${path}: ${res.status} ${json.message}`);
  return json.data;
}

/** Opens a console page (`#hashPath`) of a drill's server logged in as an account, in its work space. */
export const openDrillPage = (page: Page, serverUrl: string, as: { token: string; workId: number }, hashPath: string) => openAs(page, serverUrl, as, hashPath);

/** A main account on a drill's stack with a sample corp connected and synced: what each drill starts from. */
export async function drillCorp(
  stack: DrillStack,
  account: { phone: string; password: string },
  corp: { name: string; seed: string; size: Record<string, number> },
): Promise<{ token: string; corpId: string; workId: number; work: any }> {
  const token = await stack.client.registerAccount(account.phone, account.password);
  const { corp: made, work } = await stack.client.connectSampleCorp(token, corp);
  await stack.client.waitForSync(token, work.id);
  return { token, corpId: made.corpId, workId: work.id, work };
}

export async function startDrillStack(opts: { port: number; simPort: number; env?: Record<string, string> }): Promise<DrillStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scrm-drill-'));
  const serverUrl = `http://127.0.0.1:${opts.port}`;
  const simUrl = `http://127.0.0.1:${opts.simPort}`;
  const simToken = randomBytes(18).toString('base64url');
  const sim: ChildProcess = startChild('sim', process.execPath, simArgs(), {
    SIM_PORT: String(opts.simPort),
    SIM_HOST: '127.0.0.1',
    SIM_CONTROL_TOKEN: simToken,
    SIM_GZH_CALLBACK_URL: `${serverUrl}/api/gzh/callback`,
    SIM_LOG_LEVEL: 'warn',
  });
  let server: ChildProcess | undefined;
  const startServer = async () => {
    server = startChild('server', process.execPath, serverArgs(), {
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      SIM: 'on',
      SIM_URL: simUrl,
      SIM_CONTROL_TOKEN: simToken,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_PER_IP_PER_HOUR: '100000',
      SMS_PER_PHONE_PER_DAY: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      FILE_RATE_LIMIT_PER_MINUTE: '100000',
      TEST_CLOCK: 'on',
      ...opts.env,
    });
    await waitForPort(opts.port, 60_000);
  };
  await waitForPort(opts.simPort, 30_000);
  await startServer();
  return {
    serverUrl,
    simUrl,
    simToken,
    client: stackClient({ server: serverUrl, sim: simUrl, simToken }),
    async killServer() {
      if (!server) return;
      server.kill('SIGKILL');
      await exited(server);
      server = undefined;
    },
    startServer,
    async stop() {
      server?.kill('SIGTERM');
      sim.kill('SIGTERM');
      await Promise.all([server ? exited(server) : null, exited(sim)]);
    },
  };
}

// Shared test plumbing: a simulator on port 0, JSON calls, and a callback receiver that opens
// WeCom's encrypted events with the client's WecomCrypto.
import { createServer, type Server } from 'node:http';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { buildSimulator, type Simulator, type SimulatorOptions } from '../src/index.js';

export async function startSim(opts: SimulatorOptions = {}) {
  const sim: Simulator = await buildSimulator({ logger: false, ...opts });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(sim.server.address() as { port: number }).port}`;
  /** The control token, as every control call, the outbox and the pages need it. */
  const auth = { authorization: `Bearer ${sim.sim.controlToken}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const api = async (path: string, body?: unknown) => (await call(body === undefined ? 'GET' : 'POST', `/qyapi/cgi-bin/${path}`, body)).body;
  return { sim, base, auth, call, api };
}

export interface Received {
  xml: string;
  query: URLSearchParams;
  at: number;
}

/** An HTTP receiver: answers GET verification, opens POSTed events; `answers` scripts replies ('hang' never answers). */
export async function startReceiver(crypto: { token: string; encodingAesKey: string; receiveId: string }) {
  const c = new WecomCrypto(crypto);
  const events: Received[] = [];
  const answers: string[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const q = Object.fromEntries(url.searchParams) as Record<string, string>;
    if (req.method === 'GET') {
      try {
        res.end(c.verifyUrl(q as { msg_signature: string; timestamp: string; nonce: string; echostr: string }));
      } catch {
        res.statusCode = 403;
        res.end('bad');
      }
      return;
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const encrypt = /<Encrypt><!\[CDATA\[(.*?)\]\]><\/Encrypt>/.exec(body)?.[1] ?? '';
      const xml = c.openEvent(q as { msg_signature: string; timestamp: string; nonce: string }, encrypt);
      events.push({ xml, query: url.searchParams, at: Date.now() });
      waiters.splice(0).forEach((w) => w());
      const answer = answers.shift() ?? 'ok';
      if (answer === 'hang') return;
      if (answer === '500') res.statusCode = 500;
      res.end(answer === 'ok' ? '' : answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/cb`;
  /** Resolves once `n` events in total have arrived (or rejects after `ms`). */
  const waitFor = async (n: number, ms = 5000) => {
    const until = Date.now() + ms;
    while (events.length < n) {
      if (Date.now() > until) throw new Error(`only ${events.length} of ${n} events arrived`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    return events;
  };
  const close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return { url, events, answers, waitFor, close };
}

export const field = (xml: string, name: string) =>
  new RegExp(`<${name}>(?:<!\\[CDATA\\[(.*?)\\]\\]>|([^<]*))</${name}>`).exec(xml)?.slice(1).find((x) => x !== undefined);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Sim = Awaited<ReturnType<typeof startSim>>;
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Before a test: the last test's deliveries are done and the receiver holds nothing. */
export async function receiverCleared(s: Sim, rx: Receiver): Promise<void> {
  await s.sim.sim.wecom.deliveries.idle();
  rx.events.length = 0;
}

/** After the file: the simulator and the receiver stop (either may not have started). */
export async function stopBoth(s: Sim | undefined, rx: Receiver | undefined): Promise<void> {
  await s?.sim.close();
  await rx?.close();
}

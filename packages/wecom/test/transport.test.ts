// The client's transport (src/transport.ts) against real HTTP servers: calls share kept-alive
// connections, a call on a connection the peer had just closed is sent again only when that is harmless,
// a silent peer is abandoned at the timeout, and an upload's multipart body arrives whole.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpTransport, type WireRequest } from '../src/transport';

const servers: Array<Server | HttpServer> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen<T extends Server | HttpServer>(server: T): Promise<{ server: T; url: string }> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const post = (url: string, extra: Partial<WireRequest> = {}): WireRequest => ({
  url: new URL(`${url}/cgi-bin/x`),
  method: 'POST',
  body: '{"a":1}',
  timeoutMs: 2_000,
  idempotent: true,
  ...extra,
});

/**
 * A raw HTTP/1.1 peer: answers each connection's first request (keep-alive), and on a connection's
 * second request closes it without answering — what a peer does when its idle timeout and our reuse
 * of the connection cross.
 */
async function closingPeer() {
  let connections = 0;
  const requests: number[] = [];
  const peer = await listen(
    createServer((socket: Socket) => {
      const id = ++connections;
      let seen = 0;
      let buffered = '';
      socket.on('data', (chunk) => {
        buffered += chunk.toString();
        while (buffered.includes('\r\n\r\n')) {
          const head = buffered.slice(0, buffered.indexOf('\r\n\r\n'));
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
          const end = buffered.indexOf('\r\n\r\n') + 4 + length;
          if (buffered.length < end) return;
          buffered = buffered.slice(end);
          requests.push(id);
          if (++seen > 1) return void socket.destroy();
          const body = `{"errcode":0,"connection":${id}}`;
          socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n${body}`);
        }
      });
      socket.on('error', () => undefined);
    }),
  );
  return { url: peer.url, requests, connections: () => connections };
}

/** A peer that answers every request with `answer` and keeps the last request's headers and body. */
async function recordingPeer(type: string, answer: string) {
  let last = { headers: {} as Record<string, string | string[] | undefined>, body: '' };
  const peer = await listen(
    createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        last = { headers: req.headers, body: Buffer.concat(chunks).toString() };
        res.setHeader('content-type', type).end(answer);
      });
    }),
  );
  return { url: peer.url, received: () => last };
}

describe('httpTransport', () => {
  it('sends one call after another on one kept-alive connection', async () => {
    const sockets = new Set<unknown>();
    const peer = await listen(
      createHttpServer((req, res) => {
        sockets.add(req.socket);
        req.resume();
        req.on('end', () => res.setHeader('content-type', 'application/json').end('{"errcode":0,"errmsg":"ok"}'));
      }),
    );
    const send = httpTransport();
    for (let i = 0; i < 5; i++) expect(await send(post(peer.url))).toEqual({ status: 200, text: '{"errcode":0,"errmsg":"ok"}' });
    expect(sockets.size).toBe(1);
  });

  it('sends a call again on a new connection when the kept one was closed before an answer, unless it may have been done', async () => {
    const peer = await closingPeer();
    const send = httpTransport();
    expect(JSON.parse((await send(post(peer.url))).text)).toEqual({ errcode: 0, connection: 1 });
    // The second call goes out on connection 1, which the peer closes: it is asked again on connection 2.
    expect(JSON.parse((await send(post(peer.url))).text)).toEqual({ errcode: 0, connection: 2 });
    expect(peer.requests).toEqual([1, 1, 2]);

    // (That one was closed after its answer.) A create (not idempotent) on a kept connection that closes
    // is not asked again: WeCom may have made it.
    expect(JSON.parse((await send(post(peer.url))).text)).toEqual({ errcode: 0, connection: 3 });
    const err = await send(post(peer.url, { idempotent: false })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ECONNRESET' });
    expect(peer.requests).toEqual([1, 1, 2, 3, 3]);
  });

  it('sends a text body with its type and headers (the simulator\'s XML callbacks and signed notifications)', async () => {
    const peer = await recordingPeer('text/plain', 'success');
    const xml = '<xml><Content>你好</Content></xml>';
    const answer = await httpTransport()(post(peer.url, { body: xml, contentType: 'text/xml', headers: { 'x-pay-nonce': 'n1' } }));
    expect(answer).toEqual({ status: 200, text: 'success' });
    const { headers, body } = peer.received();
    expect(`${headers['content-type']} ${headers['x-pay-nonce']} ${headers['content-length']}\n${body}`).toBe(`text/xml n1 ${Buffer.byteLength(xml)}\n${xml}`);
  });

  it('abandons a call without an answer at its timeout', async () => {
    const peer = await listen(createHttpServer(() => undefined));
    const started = Date.now();
    const err = await httpTransport()(post(peer.url, { timeoutMs: 150 })).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'TimeoutError', message: 'no answer within 150 ms' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sends an upload as multipart form data', async () => {
    const peer = await recordingPeer('application/json', '{"errcode":0,"media_id":"m1"}');
    const form = new FormData();
    form.append('media', new Blob(['你好，世界']), 'hello.txt');
    const answer = await httpTransport()(post(peer.url, { body: undefined, form }));
    expect(JSON.parse(answer.text)).toEqual({ errcode: 0, media_id: 'm1' });
    const { headers, body } = peer.received();
    const received = `${headers['content-type']}\n${body}`;
    expect(received).toMatch(/^multipart\/form-data; boundary=/);
    expect(received).toContain('filename="hello.txt"');
    expect(received).toContain('你好，世界');
  });
});

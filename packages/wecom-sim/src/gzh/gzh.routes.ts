// Official-account API, same paths and shapes as api.weixin.qq.com (errors: HTTP 200 with errcode).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GzhStore, type QrScene } from './gzh.store.js';
import { scenePage } from '../page/scene.page.js';
import type { Faults } from '../faults/faults.js';

const TEMP_MAX_SECONDS = 2_592_000;
const TEMP_DEFAULT_SECONDS = 60;

export const baseUrlOf = (req: Pick<FastifyRequest, 'protocol' | 'host'>, publicUrl?: string) => publicUrl ?? `${req.protocol}://${req.host}`;

interface QrCreateBody {
  expire_seconds?: unknown;
  action_name?: unknown;
  action_info?: { scene?: { scene_id?: unknown; scene_str?: unknown } };
}

interface TemplateSendBody {
  touser?: unknown;
  template_id?: unknown;
  url?: unknown;
  data?: unknown;
}

const TEMPLATE_PATH = 'message/template/send';

export async function gzhRoutes(app: FastifyInstance, opts: { store: GzhStore; publicUrl?: string; faults?: Faults }) {
  const { store } = opts;

  app.get<{ Querystring: Record<string, string | undefined> }>('/cgi-bin/token', async (req) => {
    const q = req.query;
    if (q.grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' };
    if (q.appid !== store.config.appId) return { errcode: 40013, errmsg: 'invalid appid' };
    if (q.secret !== store.config.appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
    return store.issueToken();
  });

  app.post<{ Querystring: { access_token?: string }; Body: QrCreateBody }>('/cgi-bin/qrcode/create', async (req) => {
    if (!req.query.access_token) return { errcode: 41001, errmsg: 'access_token missing' };
    if (!store.tokenValid(req.query.access_token)) {
      return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    }
    const body = req.body ?? {};
    const action = body.action_name;
    const scene = body.action_info?.scene ?? {};
    let sceneStr: string;
    if (action === 'QR_STR_SCENE' || action === 'QR_LIMIT_STR_SCENE') {
      if (typeof scene.scene_str !== 'string' || scene.scene_str.length < 1 || scene.scene_str.length > 64) {
        return { errcode: 40097, errmsg: 'invalid args: scene_str must be 1-64 characters' };
      }
      sceneStr = scene.scene_str;
    } else if (action === 'QR_SCENE' || action === 'QR_LIMIT_SCENE') {
      const id = Number(scene.scene_id);
      const max = action === 'QR_SCENE' ? 4_294_967_295 : 100_000;
      if (!Number.isInteger(id) || id < 1 || id > max) return { errcode: 40097, errmsg: 'invalid args: scene_id' };
      sceneStr = String(id);
    } else {
      return { errcode: 40097, errmsg: 'invalid args: action_name' };
    }
    const temporary = action === 'QR_SCENE' || action === 'QR_STR_SCENE';
    let expireSeconds: number | null = null;
    if (temporary) {
      const raw = body.expire_seconds === undefined ? TEMP_DEFAULT_SECONDS : Number(body.expire_seconds);
      if (!Number.isInteger(raw) || raw < 1) return { errcode: 40097, errmsg: 'invalid args: expire_seconds' };
      expireSeconds = Math.min(raw, TEMP_MAX_SECONDS);
    }
    const created: QrScene = store.addScene({ actionName: action, sceneStr, expireSeconds }, baseUrlOf(req, opts.publicUrl));
    req.log.info({ ticket: created.ticket, sceneStr }, 'gzh qrcode created');
    return expireSeconds === null
      ? { ticket: created.ticket, url: created.url }
      : { ticket: created.ticket, expire_seconds: expireSeconds, url: created.url };
  });

  // Template message (模板消息): to a follower of the account; WeChat answers errcode 0 and a msgid.
  // Faults (POST /control/faults) apply only when they name this path: `busy` answers -1, `lost-response`
  // delivers the message and drops the connection before the answer.
  const fault = (kind: 'busy' | 'lost-response') => {
    const f = opts.faults?.list.find((x) => x.kind === kind && x.path === TEMPLATE_PATH && (x.count === undefined || x.hits < x.count) && (x.rate === undefined || Math.random() < x.rate));
    if (f) f.hits++;
    return Boolean(f);
  };
  app.post<{ Querystring: { access_token?: string }; Body: TemplateSendBody }>('/cgi-bin/message/template/send', async (req, reply) => {
    if (!req.query.access_token) return { errcode: 41001, errmsg: 'access_token missing' };
    if (!store.tokenValid(req.query.access_token)) {
      return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    }
    const body = req.body ?? {};
    if (typeof body.touser !== 'string' || !body.touser) return { errcode: 40003, errmsg: 'invalid openid' };
    if (typeof body.template_id !== 'string' || !body.template_id || body.template_id.length > 64) return { errcode: 40037, errmsg: 'invalid template_id' };
    if (!store.followers.has(body.touser)) return { errcode: 43004, errmsg: 'require subscribe' };
    if (fault('busy')) return { errcode: -1, errmsg: 'system error' };
    const data: Record<string, { value: string; color?: string }> = {};
    if (body.data !== undefined && (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data))) {
      return { errcode: 47001, errmsg: 'data format error' };
    }
    for (const [k, v] of Object.entries(body.data ?? {})) {
      const value = (v as { value?: unknown } | null)?.value;
      if (typeof value !== 'string' || value.length > 200) return { errcode: 47001, errmsg: `data format error: ${k}.value` };
      const color = (v as { color?: unknown }).color;
      data[k] = typeof color === 'string' ? { value, color } : { value };
    }
    const msg = store.deliver({ touser: body.touser, templateId: body.template_id, url: typeof body.url === 'string' ? body.url : '', data });
    req.log.info({ msgid: msg.msgid, touser: msg.touser }, 'gzh template message sent');
    if (fault('lost-response')) {
      reply.hijack();
      req.raw.socket.destroy();
      return undefined;
    }
    return { errcode: 0, errmsg: 'ok', msgid: Number(msg.msgid) };
  });

  /** What the QR encodes: a page where a person plays the WeChat user who scans it. */
  app.get<{ Params: { ticket: string } }>('/gzh/qr/:ticket', async (req, reply) => {
    const scene = store.findScene({ ticket: req.params.ticket });
    return reply.type('text/html; charset=utf-8').send(scenePage(scene));
  });
}

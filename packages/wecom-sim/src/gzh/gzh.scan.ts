// A WeChat user scans a QR scene: the event WeChat would push, delivered to the callback URL.
import type { FastifyBaseLogger } from 'fastify';
import { GzhStore, newOpenid } from './gzh.store.js';
import { pushEvent, toXml } from './gzh.push.js';

export interface ScanRequest {
  ticket?: string;
  sceneStr?: string;
  openid?: string;
  nickname?: string;
  /** Whether the user already follows the account; by default, whether this openid subscribed before. */
  subscribed?: boolean;
}

export type ScanResult =
  | { ok: true; openid: string; event: 'SCAN' | 'subscribe'; delivered: boolean }
  | { ok: false; status: number; errcode: number; errmsg: string };

export interface ScanDeps {
  store: GzhStore;
  log: FastifyBaseLogger;
  timeoutMs: number;
  retries: number;
}

export async function scan(req: ScanRequest, deps: ScanDeps): Promise<ScanResult> {
  const { store } = deps;
  if (!req.ticket && !req.sceneStr) return { ok: false, status: 400, errcode: 41001, errmsg: '缺少 ticket 或 sceneStr' };
  const scene = store.findScene(req);
  if (!scene) return { ok: false, status: 404, errcode: 40404, errmsg: '二维码不存在' };
  if (GzhStore.statusOf(scene) === 'expired') return { ok: false, status: 400, errcode: 40410, errmsg: '二维码已过期，无法扫码' };

  const openid = req.openid?.trim() || newOpenid();
  const follows = req.subscribed ?? store.followers.has(openid);
  const event = follows ? ('SCAN' as const) : ('subscribe' as const);
  if (!follows) store.followers.set(openid, { openid, nickname: req.nickname || '微信用户', subscribedAt: Date.now() });

  const xml = toXml({
    ToUserName: store.config.originalId,
    FromUserName: openid,
    CreateTime: Math.floor(Date.now() / 1000),
    MsgType: 'event',
    Event: event,
    EventKey: follows ? scene.sceneStr : `qrscene_${scene.sceneStr}`,
    Ticket: scene.ticket,
  });
  const record = { openid, event, at: Date.now(), delivered: false };
  scene.scans.push(record);
  if (store.config.callbackUrl) {
    record.delivered = await pushEvent(xml, openid, {
      callbackUrl: store.config.callbackUrl,
      token: store.config.token,
      ...(store.config.encodingAesKey
        ? { safe: { encodingAesKey: store.config.encodingAesKey, appId: store.config.appId, originalId: store.config.originalId } }
        : {}),
      timeoutMs: deps.timeoutMs,
      retries: deps.retries,
      log: deps.log,
    });
  } else {
    deps.log.warn('gzh scan: no callback URL configured, event not delivered');
  }
  return { ok: true, openid, event, delivered: record.delivered };
}

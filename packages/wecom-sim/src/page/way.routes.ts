// What a contact way's qr_code points to: a PNG QR image of the way's scan page, and that page.
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { baseUrlOf } from '../gzh/gzh.routes.js';
import type { Corp } from '../wecom/corp.js';
import type { WecomWorld } from '../wecom/world.js';
import { wayNotFoundPage, wayScanPage } from './way-scan.page.js';

/** Customers of the newest relations, each once (for the page's 「以已有客户扫码」). */
function recentCustomers(corp: Corp, n: number) {
  const seen = new Set<number>();
  const out: Array<{ externalUserid: string; name: string }> = [];
  for (let f = corp.fLength - 1; f >= 0 && out.length < n; f--) {
    const ci = corp.fCust[f]!;
    if (!corp.fAlive[f] || seen.has(ci)) continue;
    seen.add(ci);
    out.push({ externalUserid: corp.cId[ci]!, name: corp.cName[ci]! });
  }
  return out;
}

export async function wayPageRoutes(app: FastifyInstance, opts: { world: WecomWorld }) {
  const { world } = opts;

  app.get<{ Params: { file: string } }>('/wwpic/:file', async (req, reply) => {
    const found = req.params.file.endsWith('.png') ? world.findWay(req.params.file.slice(0, -4)) : undefined;
    if (!found || found.way.scene !== 2) return reply.status(404).send({ errcode: 40058, errmsg: '联系我二维码不存在或已过期' });
    const base = found.way.qrBase ?? baseUrlOf(req, world.publicUrl);
    const png = await QRCode.toBuffer(`${base}/wecom/scan/${found.way.config_id}`, { type: 'png', width: 300, margin: 2 });
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });

  app.get<{ Params: { configId: string } }>('/wecom/scan/:configId', async (req, reply) => {
    const found = world.findWay(req.params.configId);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!found) return reply.status(404).send(wayNotFoundPage());
    return wayScanPage({ ...found, customers: recentCustomers(found.corp, 50) });
  });
}

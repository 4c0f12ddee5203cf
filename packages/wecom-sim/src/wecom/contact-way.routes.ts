// 联系我 contact ways: QR codes that add a customer to one or several members, with a state.
import { randomBytes } from 'node:crypto';
import { qrCodeOf, type ContactWay, type Corp } from './corp.js';
import { baseUrlOf } from '../gzh/gzh.routes.js';
import { fail } from './errors.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { bool, int, page, str, strList } from './params.js';

const DAY = 86_400;
const WAY_CAP = 500_000;
const TEMP_PER_DAY = 100_000;

/** Temporary ways vanish when they expire (kept among the corp's removed ways). */
export function liveWays(corp: Corp, now = Date.now()): ContactWay[] {
  const gone = (w: ContactWay) => w.expiresAt !== undefined && w.expiresAt <= now;
  if (corp.contactWays.some(gone)) {
    for (const w of corp.contactWays.filter(gone)) corp.retireWay(w, 'expire');
    corp.contactWays = corp.contactWays.filter((w) => !gone(w));
  }
  return corp.contactWays;
}

function checkUsers(corp: Corp, users: string[]) {
  for (const u of users) {
    const m = corp.member(u) ?? fail(40003, `invalid userid ${u}`);
    if (!m.contact) fail(84074, 'no external contact permission');
  }
}

function checkParties(corp: Corp, party: unknown): number[] {
  if (party === undefined || party === null) return [];
  if (!Array.isArray(party) || party.some((p) => !Number.isInteger(p))) fail(40058, 'invalid parameter: party');
  for (const p of party as number[]) if (!corp.departments.some((d) => d.id === p)) fail(60123, 'invalid party id');
  return party as number[];
}

const wayOut = (w: ContactWay, base: string) => {
  const out: Record<string, unknown> = {
    config_id: w.config_id,
    type: w.type,
    scene: w.scene,
    style: w.style,
    remark: w.remark,
    skip_verify: w.skip_verify,
    state: w.state,
    user: w.user,
    party: w.party,
    is_temp: w.is_temp,
  };
  if (w.scene === 2) out.qr_code = qrCodeOf(w, base);
  if (w.is_temp) Object.assign(out, { expires_in: w.expires_in, chat_expires_in: w.chat_expires_in, unionid: w.unionid ?? '' });
  if (w.conclusions) out.conclusions = w.conclusions;
  return out;
};

export function contactWayRoutes(r: Router) {
  r.post('externalcontact/add_contact_way', 'corp', (c) => {
    needScope(c, 'customer');
    const b = c.body;
    const corp = c.corp;
    const ways = liveWays(corp);
    const type = int(b.type, 'type', { min: 1, max: 2 });
    const scene = int(b.scene, 'scene', { min: 1, max: 2 });
    const user = strList(b.user, 'user', { max: 100, maxCode: 41041 });
    const party = checkParties(corp, b.party);
    if (type === 1 && (user.length !== 1 || party.length)) fail(40058, 'invalid parameter: a single-member way takes exactly one user');
    if (!user.length && !party.length) fail(40058, 'invalid parameter: user or party is required');
    checkUsers(corp, user);
    const isTemp = bool(b.is_temp, false);
    if (isTemp && type !== 1) fail(40058, 'invalid parameter: a temporary way takes a single member');
    if (ways.length >= WAY_CAP) fail(41044, 'contact way count exceed');
    const now = Date.now();
    if (isTemp && ways.filter((w) => w.is_temp && w.create_time * 1000 > now - DAY * 1000).length >= TEMP_PER_DAY) fail(41044, 'contact way count exceed');
    const id = randomBytes(16).toString('hex');
    const way: ContactWay = {
      config_id: id,
      type,
      scene,
      style: b.style === undefined ? undefined : int(b.style, 'style', { min: 1, max: 20 }),
      remark: str(b.remark, 'remark', { max: 30 }),
      skip_verify: bool(b.skip_verify, true),
      state: str(b.state, 'state', { max: 30 }),
      user,
      party,
      is_temp: isTemp,
      qrBase: baseUrlOf(c.req, c.world.publicUrl),
      create_time: Math.floor(now / 1000),
      conclusions: b.conclusions,
      history: [{ at: now, user: [...user], change: 'add' }],
    };
    if (isTemp) {
      way.expires_in = int(b.expires_in, 'expires_in', { min: 1, max: 14 * DAY, def: 7 * DAY });
      way.chat_expires_in = int(b.chat_expires_in, 'chat_expires_in', { min: 1, max: 14 * DAY, def: DAY });
      way.unionid = str(b.unionid, 'unionid');
      way.expiresAt = now + way.expires_in * 1000;
    }
    corp.contactWays.push(way);
    return scene === 2 ? { config_id: id, qr_code: qrCodeOf(way, way.qrBase!) } : { config_id: id };
  });

  r.post('externalcontact/get_contact_way', 'corp', (c) => {
    needScope(c, 'customer');
    const id = str(c.body.config_id, 'config_id', { required: true });
    const way = liveWays(c.corp).find((w) => w.config_id === id) ?? fail(40058, 'invalid parameter: config_id');
    return { contact_way: wayOut(way, baseUrlOf(c.req, c.world.publicUrl)) };
  });

  r.post('externalcontact/update_contact_way', 'corp', (c) => {
    needScope(c, 'customer');
    const b = c.body;
    const id = str(b.config_id, 'config_id', { required: true });
    const way = liveWays(c.corp).find((w) => w.config_id === id) ?? fail(40058, 'invalid parameter: config_id');
    const next = { ...way };
    if (b.remark !== undefined) next.remark = str(b.remark, 'remark', { max: 30 });
    if (b.skip_verify !== undefined) next.skip_verify = bool(b.skip_verify, true);
    if (b.style !== undefined) next.style = int(b.style, 'style', { min: 1, max: 20 });
    if (b.state !== undefined) next.state = str(b.state, 'state', { max: 30 });
    if (b.user !== undefined) next.user = strList(b.user, 'user', { max: 100, maxCode: 41041 });
    if (b.party !== undefined) next.party = checkParties(c.corp, b.party);
    if (b.conclusions !== undefined) next.conclusions = b.conclusions;
    if (next.type === 1 && (next.user.length !== 1 || next.party.length)) fail(40058, 'invalid parameter: a single-member way takes exactly one user');
    checkUsers(c.corp, next.user);
    if (way.is_temp) {
      if (b.expires_in !== undefined) {
        next.expires_in = int(b.expires_in, 'expires_in', { min: 1, max: 14 * 86_400 });
        next.expiresAt = Date.now() + next.expires_in * 1000;
      }
      if (b.chat_expires_in !== undefined) next.chat_expires_in = int(b.chat_expires_in, 'chat_expires_in', { min: 1, max: 14 * 86_400 });
      if (b.unionid !== undefined) next.unionid = str(b.unionid, 'unionid');
    }
    const userChanged = next.user.join('\n') !== way.user.join('\n');
    Object.assign(way, next);
    if (userChanged) c.corp.wayChanged(way, 'update');
    return {};
  });

  r.post('externalcontact/del_contact_way', 'corp', (c) => {
    needScope(c, 'customer');
    const id = str(c.body.config_id, 'config_id', { required: true });
    const ways = liveWays(c.corp);
    const i = ways.findIndex((w) => w.config_id === id);
    if (i < 0) fail(40058, 'invalid parameter: config_id');
    c.corp.retireWay(ways.splice(i, 1)[0]!, 'delete');
    return {};
  });

  r.post('externalcontact/list_contact_way', 'corp', (c) => {
    needScope(c, 'customer');
    const nowS = Math.floor(Date.now() / 1000);
    const end = int(c.body.end_time, 'end_time', { min: 0, def: nowS });
    const start = int(c.body.start_time, 'start_time', { min: 0, def: end - 90 * DAY });
    if (start > end || end - start > 90 * DAY) fail(40058, 'invalid parameter: time span exceeds 90 days');
    const limit = int(c.body.limit, 'limit', { min: 1, max: 1000, def: 100 });
    const ways = liveWays(c.corp).filter((w) => w.create_time >= start && w.create_time <= end);
    const { items, next } = page(ways, c.body.cursor, limit);
    return { contact_way: items.map((w) => ({ config_id: w.config_id })), next_cursor: next };
  });
}

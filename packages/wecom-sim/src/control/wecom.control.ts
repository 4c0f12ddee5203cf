// Control API of the WeCom side: corps, callbacks, happenings, provider, faults, limits, call counts
// and the delivery log (JSON; errors are 4xx with {errcode, errmsg}).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyCallbackUrl } from '../callbacks/delivery.js';
import { FAULT_KINDS, type FaultKind } from '../faults/faults.js';
import { qrCodeOf, type ContactWay, type Corp } from '../wecom/corp.js';
import { liveWays } from '../wecom/contact-way.routes.js';
import { baseUrlOf } from '../gzh/gzh.routes.js';
import type { CorpSize } from '../wecom/generate.js';
import type { WecomWorld } from '../wecom/world.js';
import * as H from './happenings.js';
import * as T from './transfer.happenings.js';
import * as M from './mass.happenings.js';
import * as Mo from './moment.happenings.js';

type Body = Record<string, any>;
type CorpRequest = Pick<FastifyRequest, 'protocol' | 'host'> & { params: { corpId: string }; query: unknown };
const bad = (reply: FastifyReply, status: number, errcode: number, errmsg: string) => reply.status(status).send({ errcode, errmsg });

/** A contact way as the control API lists it. */
function wayView(corp: Corp, w: ContactWay, base: string, now: number) {
  return {
    config_id: w.config_id,
    type: w.type,
    scene: w.scene,
    state: w.state,
    remark: w.remark,
    skip_verify: w.skip_verify,
    is_temp: w.is_temp,
    expiresAt: w.expiresAt ?? null,
    user: w.user,
    userNames: corp.memberNames(w.user),
    party: w.party,
    qr_code: qrCodeOf(w, base),
    create_time: w.create_time,
    deleted: w.deletedAt !== undefined,
    deletedAt: w.deletedAt ?? null,
    expired: w.deletedAt === undefined && w.expiresAt !== undefined && w.expiresAt <= now,
    history: w.history.map(({ at, user, change }) => ({ at, user, change })),
  };
}

export async function wecomControlRoutes(app: FastifyInstance, opts: { world: WecomWorld }) {
  const { world } = opts;
  const credentials = (c: Corp) => ({ corpId: c.corpId, corpName: c.corpName, agentId: c.agentId, secret: c.secret, contactSecret: c.contactSecret });

  app.post<{ Body: Body }>('/control/corps', async (req, reply) => {
    const b = req.body ?? {};
    if (b.name !== undefined && (typeof b.name !== 'string' || !b.name.trim() || b.name.length > 50)) return bad(reply, 400, 40058, 'name 须为 1-50 个字符');
    if (b.seed !== undefined && (typeof b.seed !== 'string' || !b.seed)) return bad(reply, 400, 40058, 'seed 须为非空字符串');
    const size: Partial<CorpSize> = {};
    for (const [k, v] of Object.entries(b.size ?? {})) {
      if (!['departments', 'members', 'customers', 'groups', 'tags'].includes(k)) return bad(reply, 400, 40058, `size 不支持 ${k}`);
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return bad(reply, 400, 40058, `size.${k} 须为非负整数`);
      size[k as keyof CorpSize] = v;
    }
    const corp = world.createCorp({ name: b.name?.trim(), seed: b.seed, size });
    req.log.info({ corpId: corp.corpId, customers: corp.customerCount }, 'sample corp created');
    return credentials(corp);
  });

  // liveWays first: expired temporary ways leave the lists
  app.get('/control/corps', async () => ({
    list: [...world.corps.values()].map((c) => (liveWays(c), {
      ...c.summary(),
      secret: c.secret,
      contactSecret: c.contactSecret,
      // the corp tags as the page lists them (groups and tags in WeCom's order: a larger order first)
      tagList: c.liveTagGroups().sort((a, b) => b.order - a.order).map((g) => ({ groupId: g.group_id, groupName: g.group_name, tags: g.tag.slice().sort((a, b) => b.order - a.order).map((t) => t.name) })),
    })),
  }));

  // every route below names a corp
  const withCorp =
    <B>(fn: (corp: Corp, body: B, reply: FastifyReply, req: CorpRequest) => unknown) =>
    async (req: CorpRequest & { body?: B }, reply: FastifyReply) => {
      const corp = world.corps.get(req.params.corpId);
      if (!corp) return bad(reply, 404, 40013, '企业不存在');
      liveWays(corp);
      try {
        return await fn(corp, (req.body ?? {}) as B, reply, req);
      } catch (err) {
        if (err instanceof H.HappeningError) return bad(reply, err.status, err.errcode, err.message);
        throw err;
      }
    };
  const ok = (x: object) => ({ errcode: 0, errmsg: 'ok', ...x });

  app.get<{ Params: { corpId: string } }>(
    '/control/corps/:corpId',
    withCorp((corp) => ({ ...corp.summary(), secret: corp.secret, contactSecret: corp.contactSecret, ...corp.picks() })),
  );
  const baseOf = (req: Pick<FastifyRequest, 'protocol' | 'host'>) => baseUrlOf(req, world.publicUrl);
  app.get<{ Params: { corpId: string } }>('/control/corps/:corpId/snapshot', withCorp((corp, _b, _r, req) => corp.snapshot(baseOf(req))));

  // live, deleted and expired ways in the order they were made, each with its user-list history
  type WayQuery = { configId?: string; state?: string };
  app.get<{ Params: { corpId: string }; Querystring: WayQuery }>(
    '/control/corps/:corpId/contact-ways',
    withCorp((corp, _b, _r, req) => {
      const now = Date.now();
      const { configId, state } = req.query as WayQuery;
      const ways = [...liveWays(corp, now), ...corp.removedWays]
        .filter((w) => (!configId || w.config_id === configId) && (state === undefined || w.state === state))
        .sort((a, b) => a.history[0]!.at - b.history[0]!.at);
      return { list: ways.map((w) => wayView(corp, w, baseOf(req), now)) };
    }),
  );

  type WelcomeQuery = { externalUserid?: string; userid?: string; limit?: string };
  app.get<{ Params: { corpId: string }; Querystring: WelcomeQuery }>(
    '/control/corps/:corpId/welcome-messages',
    withCorp((corp, _b, reply, req) => {
      const { externalUserid, userid, limit: rawLimit } = req.query as WelcomeQuery;
      const limit = rawLimit === undefined ? Infinity : Number(rawLimit);
      if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) return bad(reply, 400, 40058, 'limit 须为正整数');
      const list = [];
      for (let i = corp.welcomeMessages.length - 1; i >= 0 && list.length < limit; i--) {
        const m = corp.welcomeMessages[i]!;
        if ((externalUserid && m.externalUserid !== externalUserid) || (userid && m.userid !== userid)) continue;
        const ci = corp.customerIndex(m.externalUserid);
        list.push({ ...m, memberName: corp.member(m.userid)?.name ?? m.userid, customerName: ci === undefined ? '' : corp.cName[ci]! });
      }
      return { list };
    }),
  );

  app.post<{ Params: { corpId: string }; Body: Body }>(
    '/control/corps/:corpId/callback',
    withCorp(async (corp, b: Body, reply) => {
      if (b.url === '' || b.url === null) {
        corp.callback = null;
        return ok({ verified: false });
      }
      if (typeof b.url !== 'string' || !URL.canParse(b.url)) return bad(reply, 400, 40057, 'url 不是合法的地址');
      if (typeof b.token !== 'string' || !/^[A-Za-z0-9]{3,32}$/.test(b.token)) return bad(reply, 400, 40058, 'token 须为 3-32 位字母或数字');
      if (typeof b.encodingAesKey !== 'string' || !/^[A-Za-z0-9]{43}$/.test(b.encodingAesKey)) return bad(reply, 400, 40058, 'encodingAesKey 须为 43 位字母或数字');
      const verified = await verifyCallbackUrl({ url: b.url, token: b.token, encodingAesKey: b.encodingAesKey, receiveId: corp.corpId }, world.callbackTimeoutMs);
      corp.callback = { url: b.url, token: b.token, encodingAesKey: b.encodingAesKey, verified };
      return ok({ verified });
    }),
  );

  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/scan', withCorp((corp, b: Body) => ok(H.scan(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/delete-customer', withCorp((corp, b: Body) => ok(H.deleteCustomer(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>(
    '/control/corps/:corpId/customer-deletes-member',
    withCorp((corp, b: Body) => ok(H.customerDeletesMember(world, corp, b))),
  );
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/edit-customer', withCorp((corp, b: Body) => ok(H.editCustomer(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/group-join', withCorp((corp, b: Body) => ok(H.groupJoin(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/group-leave', withCorp((corp, b: Body) => ok(H.groupLeave(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/group-create', withCorp((corp, b: Body) => ok(H.groupCreate(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/group-rename', withCorp((corp, b: Body) => ok(H.groupRename(world, corp, b))));
  // transfers (在职继承 / 离职继承)
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/member-leave', withCorp((corp, b: Body) => ok(T.memberLeave(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/transfer-answer', withCorp((corp, b: Body) => ok(T.transferAnswer(world, corp, b))));
  app.get<{ Params: { corpId: string } }>('/control/corps/:corpId/transfers', withCorp((corp) => T.transferList(world, corp)));
  app.post<{ Body: Body }>('/control/clock', async (req, reply) => {
    try {
      return ok(T.advanceClock(world, req.body ?? {}));
    } catch (err) {
      if (err instanceof H.HappeningError) return bad(reply, err.status, err.errcode, err.message);
      throw err;
    }
  });
  app.get('/control/clock', async () => ({ now: world.now(), offsetMs: world.clockOffsetMs }));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/group-dismiss', withCorp((corp, b: Body) => ok(H.groupDismiss(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/tag-edit', withCorp((corp, b: Body) => ok(H.tagEdit(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/confirm-mass-send', withCorp((corp, b: Body) => ok(M.confirmMassSend(world, corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/confirm-mass-send-all', withCorp((corp, b: Body) => ok(M.confirmAllMassSend(world, corp, b))));
  app.get<{ Params: { corpId: string } }>('/control/corps/:corpId/mass-messages', withCorp((corp) => M.massMessageList(corp)));
  // moments (朋友圈): one sender publishes, or every sender (「全部发表」); the tasks; 提醒发表 messages
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/confirm-moment', withCorp((corp, b: Body) => ok(Mo.publishMoment(corp, b))));
  app.post<{ Params: { corpId: string }; Body: Body }>('/control/corps/:corpId/moment-publish-all', withCorp((corp, b: Body) => ok(Mo.publishMomentAll(corp, b))));
  app.get<{ Params: { corpId: string } }>('/control/corps/:corpId/moments', withCorp((corp) => Mo.momentList(corp)));
  app.get<{ Params: { corpId: string } }>('/control/corps/:corpId/app-messages', withCorp((corp) => Mo.appMessageList(corp)));

  // provider
  app.get('/control/provider', async () => ({ ...world.provider.config }));
  app.post<{ Body: Body }>('/control/provider', async (req, reply) => {
    const b = req.body ?? {};
    for (const k of ['suiteCallbackUrl', 'templateCallbackUrl'] as const) {
      const v = b[k];
      if (v === undefined) continue;
      if (typeof v !== 'string' || (v && !URL.canParse(v))) return bad(reply, 400, 40057, `${k} 不是合法的地址`);
      world.provider.config[k] = v;
    }
    world.startTickets();
    const p = world.provider.config;
    return ok({ suiteCallbackUrl: p.suiteCallbackUrl, templateCallbackUrl: p.templateCallbackUrl });
  });
  app.post('/control/provider/push-ticket', async () => {
    world.pushTickets();
    return ok({});
  });
  // an admin changes or cancels an authorisation in the corp's console
  for (const [path, infoType] of [
    ['change-auth', 'change_auth'],
    ['cancel-auth', 'cancel_auth'],
  ] as const) {
    app.post<{ Body: Body }>(`/control/provider/${path}`, async (req, reply) => {
      const b = req.body ?? {};
      const suiteId = b.customized ? world.provider.config.templateId : world.provider.config.suiteId;
      const auth = world.provider.auths.find((a) => a.corpId === b.corpId && a.suiteId === suiteId && !a.cancelled);
      if (!auth) return bad(reply, 404, 48004, '该企业没有授权此应用');
      if (infoType === 'cancel_auth') auth.cancelled = true;
      const d = world.instruct(b.customized ? 'template' : 'suite', infoType, { AuthCorpId: auth.corpId }, auth.corpId);
      return ok({ deliveries: d ? [d.id] : [] });
    });
  }
  app.get('/control/provider/auths', async () => ({
    list: world.provider.auths.map((a) => ({ suiteId: a.suiteId, corpId: a.corpId, customized: a.customized, agentId: a.agentId, createdAt: a.createdAt, cancelled: a.cancelled })),
  }));

  // interface licences: orders wait for payment here (the provider's admin pays in WeCom's console)
  app.get<{ Querystring: { corpId?: string } }>('/control/provider/licence/orders', async (req) => {
    const p = world.provider;
    return {
      list: p.orders
        .filter((o) => !req.query.corpId || o.corpid === req.query.corpId)
        .map((o) => ({ ...o, codes: p.codes.filter((k) => k.order_id === o.order_id).map((k) => ({ ...p.refresh(k) })) }))
        .reverse(),
    };
  });
  for (const [path, act] of [
    ['pay', (id: string) => world.provider.payOrder(id)],
    ['cancel', (id: string) => world.provider.cancelOrder(id)],
  ] as const) {
    app.post<{ Body: Body }>(`/control/provider/licence/${path}`, async (req, reply) => {
      const id = req.body?.orderId;
      if (typeof id !== 'string' || !id) return bad(reply, 400, 40058, 'orderId 须为订单号');
      const r = act(id);
      if (r === 'not-found') return bad(reply, 404, 701_001, '订单不存在');
      if (r === 'not-payable') return bad(reply, 409, 701_002, '订单不是待支付状态');
      return ok({});
    });
  }
  /** A code reaches its end now: a bound code's licence expires, an unbound code passes its deadline. */
  app.post<{ Body: Body }>('/control/provider/licence/expire', async (req, reply) => {
    const code = world.provider.codes.find((k) => k.active_code === req.body?.activeCode);
    if (!code) return bad(reply, 404, 701_004, '激活码不存在');
    const now = Math.floor(Date.now() / 1000);
    if (code.status === 2) code.expire_time = now;
    else code.bind_deadline = now;
    return ok({ status: world.provider.refresh(code, now).status });
  });
  /** The corp's licence trial is over (on) or not (off, the default): members without a 互通 account are then refused. */
  app.post<{ Params: { corpId: string }; Body: Body }>(
    '/control/corps/:corpId/licence-trial',
    withCorp((corp, b: Body, reply) => {
      if (typeof b.ended !== 'boolean') return bad(reply, 400, 40058, 'ended 须为 true 或 false');
      if (b.ended) world.provider.trialEnded.add(corp.corpId);
      else world.provider.trialEnded.delete(corp.corpId);
      return ok({ ended: b.ended });
    }),
  );
  app.get<{ Params: { corpId: string } }>(
    '/control/corps/:corpId/licences',
    withCorp((corp) => {
      const p = world.provider;
      return {
        trialEnded: p.trialEnded.has(corp.corpId),
        members: corp.members.map((m) => ({ userid: m.userid, name: m.name, contact: m.contact, licensed: p.licensed(corp.corpId, m.userid) })),
      };
    }),
  );

  // faults and limits
  app.get('/control/faults', async () => ({ list: world.faults.list }));
  app.post<{ Body: Body }>('/control/faults', async (req, reply) => {
    const b = req.body ?? {};
    if (!FAULT_KINDS.includes(b.kind)) return bad(reply, 400, 40058, `kind 须为 ${FAULT_KINDS.join('、')} 之一`);
    if (b.corpId !== undefined && typeof b.corpId !== 'string') return bad(reply, 400, 40058, 'corpId 须为字符串');
    if (b.path !== undefined && typeof b.path !== 'string') return bad(reply, 400, 40058, 'path 须为字符串');
    if (b.count !== undefined && (!Number.isInteger(b.count) || b.count < 1)) return bad(reply, 400, 40058, 'count 须为正整数');
    if (b.rate !== undefined && (typeof b.rate !== 'number' || b.rate <= 0 || b.rate > 1)) return bad(reply, 400, 40058, 'rate 须在 (0, 1] 之间');
    if ((b.kind === 'latency' || b.kind === 'late-response') && (!Number.isInteger(b.ms) || b.ms < 1 || b.ms > 60_000))
      return bad(reply, 400, 40058, `${b.kind} 须给出 ms（1-60000）`);
    const kind = b.kind as FaultKind;
    if (kind === 'token-expire') return ok({ expired: world.tokens.expire(b.corpId) });
    const fault = world.faults.add({ kind, corpId: b.corpId, path: b.path, count: b.count, rate: b.rate, ms: b.ms });
    return ok({ id: fault.id });
  });
  app.delete('/control/faults', async () => {
    world.faults.clear();
    return ok({});
  });
  app.get('/control/rate-limits', async () => ({ ...world.limiter.limits }));
  app.post<{ Body: Body }>('/control/rate-limits', async (req, reply) => {
    const b = req.body ?? {};
    for (const k of ['perMinute', 'perHour'] as const) {
      if (b[k] === undefined) continue;
      if (!Number.isInteger(b[k]) || b[k] < 1) return bad(reply, 400, 40058, `${k} 须为正整数`);
      world.limiter.limits[k] = b[k];
    }
    world.limiter.clear();
    return ok({ ...world.limiter.limits });
  });

  app.get<{ Querystring: { corpId?: string } }>('/control/calls', async (req) => {
    const calls = world.calls.of(req.query.corpId || undefined);
    return { calls, total: Object.values(calls).reduce((n, x) => n + x, 0) };
  });

  app.get<{ Querystring: { corpId?: string; limit?: string } }>('/control/deliveries', async (req) => {
    const limit = Math.min(2000, Math.max(1, Number(req.query.limit) || 200));
    const list = world.deliveries.log.filter((d) => !req.query.corpId || d.corpId === req.query.corpId).slice(0, limit);
    return { list };
  });
}

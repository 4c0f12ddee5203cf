// 资源包 orders: /api/qw/order/get (place an order, or read one with its cashier), /api/qw/order/get/list,
// /api/qw/order/pay/success (back from the cashier: the provider is asked), /api/qw/order/cancel, the price
// /api/distributor/account/buy/seat/price, the operators' refund /api/admin/qw/order/refund (X-Admin-Token)
// and the provider's notification /api/pay/notify/:provider (public, signed). A child reads with 'package'
// and buys with 'package.manage'. docs/seats.md, "Orders and payment".
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { OrderDetail, OrderGetBody, OrderIdBody, OrderList, OrderListBody, OrderRefund, OrderRefundBody, SeatPrice } from '@scrm/contracts/order';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { OrderService } from './order.service.js';

/** Notifications are small; their signature covers the bytes as sent, so the body is kept as text. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

export async function orderRoutes(app: Api, opts: { orders: OrderService }) {
  const { orders } = opts;
  const tags = ['资源包'];
  const security = [{ bearer: [] }];
  const view = { permission: 'package', workSpace: false };
  const manage = { permission: 'package.manage', workSpace: false };

  app.post(
    '/qw/order/get',
    { config: manage, schema: { tags, security, summary: '下单购买或续费席位（不传 id），或查看订单（传 id；待支付时附收银台地址）', body: OrderGetBody, response: { 200: Ok(OrderDetail) } } },
    async (req) => ok(await orders.get(callerOf(req), req.body ?? {})),
  );
  app.post(
    '/qw/order/get/list',
    { config: view, schema: { tags, security, summary: '席位订单列表（按状态筛选）', body: OrderListBody, response: { 200: Ok(OrderList) } } },
    async (req) => ok(await orders.list(callerOf(req), req.body ?? {})),
  );
  app.post(
    '/qw/order/pay/success',
    { config: manage, schema: { tags, security, summary: '从收银台返回：向支付渠道查询订单，已支付则席位到账', body: OrderIdBody, response: { 200: Ok(OrderDetail) } } },
    async (req) => ok(await orders.paySuccess(callerOf(req), req.body.id)),
  );
  app.post(
    '/qw/order/cancel',
    { config: manage, schema: { tags, security, summary: '取消待支付的订单', body: OrderIdBody, response: { 200: Ok(OrderDetail) } } },
    async (req) => ok(await orders.cancel(callerOf(req), req.body.id)),
  );
  app.post(
    '/distributor/account/buy/seat/price',
    { config: view, schema: { tags, security, summary: '本账号购买席位的单价（经分销商开户的账号为分销商的价格）', response: { 200: Ok(SeatPrice) } } },
    async (req) => ok(await orders.price(callerOf(req))),
  );
  app.post(
    '/admin/qw/order/refund',
    {
      config: { public: true },
      schema: {
        tags: ['运维'],
        summary: '运维退款：全额退款已支付的订单并收回未使用的席位（请求头 X-Admin-Token = ADMIN_TOKEN）',
        headers: Type.Object({ 'x-admin-token': Type.Optional(Type.String({ maxLength: 256 })) }),
        body: OrderRefundBody,
        response: { 200: Ok(OrderRefund) },
      },
    },
    async (req) => ok(await orders.refund(req.headers['x-admin-token'] as string | undefined, req.body.orderId)),
  );

  await app.register(async (scope: Api) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(
      '/pay/notify/:provider',
      {
        config: { public: true, machine: true },
        schema: {
          tags: ['支付'],
          summary: '支付渠道的支付结果通知（HMAC-SHA256 签名：X-Pay-Timestamp、X-Pay-Nonce、X-Pay-Signature）',
          params: Type.Object({ provider: Type.String({ pattern: '^[a-z]{1,16}$', maxLength: 16 }) }),
        },
      },
      async (req) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        return ok({ outcome: await orders.receive((req.params as { provider: string }).provider, req.headers, raw) });
      },
    );
  });
}

// /api/distributor/account/* (the distributors' portal: its own login and session kind), /api/cps/scan/callback
// (the login gate's poll of a QR shown through a promotion link) and the operators' /api/admin/distributor/*
// (X-Admin-Token). /api/distributor/account/buy/seat/price is the orders' (a main account's buy dialog).
// docs/distributors.md.
import { Type } from 'typebox';
import { CodeSendBody, CodeSendData, DebugLoginBody, QrPollData, TokenData } from '@scrm/contracts/account';
import { Ok } from '@scrm/contracts/api';
import {
  AdminDistributor,
  CpsScanBody,
  CustomerList,
  CustomerListBody,
  DistributorCreateBody,
  DistributorInfo,
  DistributorLoginBody,
  DistributorUpdateBody,
  RechargeRecordList,
  RecordListBody,
  SeatRecordList,
  SeatSetBody,
  SeatSetData,
} from '@scrm/contracts/distributor-portal';
import { clientOf, distributorOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { DistributorService } from './distributor.service.js';

export interface DistributorRoutesOptions {
  distributors: DistributorService;
  /** Per IP and minute, on each public call. */
  rateLimitPerMinute: number;
}

const tags = ['分销商'];
const security = [{ distributorBearer: [] }];
const NullData = Type.Null();
const AdminHeaders = Type.Object({ 'x-admin-token': Type.Optional(Type.String({ maxLength: 256 })) });

export async function distributorRoutes(app: Api, opts: DistributorRoutesOptions) {
  const { distributors } = opts;
  const open = { public: true, rateLimit: { max: opts.rateLimitPerMinute, timeWindow: 60_000 } };
  const portal = { distributor: true, workSpace: false };
  const at = (path: string) => `/distributor/account${path}`;

  app.post(
    at('/code/send'),
    { config: open, schema: { tags, summary: '分销商登录：发送短信验证码', body: CodeSendBody, response: { 200: Ok(CodeSendData) } } },
    async (req) => ok(await distributors.sendCode(req.body.phone, req.ip)),
  );
  app.post(
    at('/login'),
    { config: open, schema: { tags, summary: '分销商登录（手机号 + 短信验证码）', body: DistributorLoginBody, response: { 200: Ok(TokenData) } } },
    async (req) => ok({ token: await distributors.login(req.body, clientOf(req)) }),
  );
  app.post(
    at('/login/debug'),
    { config: open, schema: { tags, summary: '分销商调试登录（需配置 DEBUG_LOGIN_CODE）', body: DebugLoginBody, response: { 200: Ok(TokenData) } } },
    async (req) => ok({ token: await distributors.debugLogin(req.body.id, req.body.code, clientOf(req)) }),
  );
  app.post(
    at('/logout'),
    { config: portal, schema: { tags, security, summary: '分销商退出登录', response: { 200: Ok(NullData) } } },
    async (req) => {
      await distributors.logout(distributorOf(req));
      return ok(null);
    },
  );
  app.post(
    at('/info'),
    { config: portal, schema: { tags, security, summary: '分销商信息：名称、席位单价、推广码与推广链接、客户数', response: { 200: Ok(DistributorInfo) } } },
    async (req) => ok(await distributors.info(distributorOf(req))),
  );
  app.post(
    at('/get/phone'),
    {
      config: portal,
      schema: {
        tags,
        security,
        summary: '我的客户：经推广码注册的主账号（手机号脱敏）及其席位',
        body: CustomerListBody,
        response: { 200: Ok(CustomerList) },
      },
    },
    async (req) => ok(await distributors.customers(distributorOf(req), req.body ?? {})),
  );
  app.post(
    at('/recharge/record'),
    { config: portal, schema: { tags, security, summary: '充值记录：客户已支付与已退款的订单', body: RecordListBody, response: { 200: Ok(RechargeRecordList) } } },
    async (req) => ok(await distributors.recharges(distributorOf(req), req.body ?? {})),
  );
  app.post(
    at('/record/seat'),
    { config: portal, schema: { tags, security, summary: '席位记录：为客户设置的席位与客户购买、续费的席位', body: RecordListBody, response: { 200: Ok(SeatRecordList) } } },
    async (req) => ok(await distributors.seatRecords(distributorOf(req), req.body ?? {})),
  );
  app.post(
    at('/seat/set'),
    { config: portal, schema: { tags, security, summary: '为客户账号设置席位（数量与期限）', body: SeatSetBody, response: { 200: Ok(SeatSetData) } } },
    async (req) => ok(await distributors.setSeats(distributorOf(req), req.body)),
  );

  app.post(
    '/cps/scan/callback',
    {
      config: open,
      schema: {
        tags,
        summary: '推广链接打开的登录页轮询扫码结果（首次轮询把二维码归属到推广码的分销商）',
        description: '同 /api/account/login/callback；cps 为推广码。新注册的账号归属该分销商，已有归属的账号不变。',
        body: CpsScanBody,
        response: { 200: Ok(QrPollData) },
      },
    },
    async (req) => ok(await distributors.scanCallback(req.body.code, req.body.cps, clientOf(req))),
  );

  const adminToken = (headers: Record<string, unknown>) => headers['x-admin-token'] as string | undefined;
  app.post(
    '/admin/distributor/create',
    {
      config: { public: true },
      schema: { tags, summary: '运维创建分销商（请求头 X-Admin-Token = ADMIN_TOKEN）', headers: AdminHeaders, body: DistributorCreateBody, response: { 200: Ok(AdminDistributor) } },
    },
    async (req) => ok(await distributors.create(adminToken(req.headers), req.body)),
  );
  app.post(
    '/admin/distributor/update',
    {
      config: { public: true },
      schema: { tags, summary: '运维修改或停用分销商（停用即退出其所有登录）', headers: AdminHeaders, body: DistributorUpdateBody, response: { 200: Ok(AdminDistributor) } },
    },
    async (req) => ok(await distributors.update(adminToken(req.headers), req.body)),
  );
}

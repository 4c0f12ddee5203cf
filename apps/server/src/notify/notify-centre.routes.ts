// 消息中心 (/notice/setting), account-wide (no X-Work-Id): a child needs the page's key.
//   /api/qw/notify/*                     classes and recipients
//   /api/account/bind/notify/code, /api/account/notify/*   binding by scan, the message log, a recipient's classes
//   /api/notify/account/info, /api/notify/recharge/list     SMS credits
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { QrCodeData } from '@scrm/contracts/account';
import {
  NotifyAccountInfo,
  NotifyBindBody,
  NotifyBindPoll,
  NotifyBindPollBody,
  NotifyClassesBody,
  NotifyClassList,
  NotifyClassSetting,
  NotifyClassUpdateBody,
  NotifyMessageBody,
  NotifyMessageList,
  NotifyPageBody,
  NotifyRechargeList,
  NotifyRecipient,
  NotifyRecipientIdBody,
  NotifyRecipientList,
  NotifyRecipientPhoneBody,
  NotifyRecipientUpdateBody,
} from '@scrm/contracts/notify';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { NotifyDeliveryService } from './delivery.service.js';
import type { RecipientService } from './recipient.service.js';

const config = { permission: 'notice.setting', workSpace: false };
const security = [{ bearer: [] }];
const tags = ['消息中心'];

/** /api/qw/notify/*: the classes an account sends, and the recipients. */
export async function notifyCentreRoutes(app: Api, opts: { recipients: RecipientService }) {
  const { recipients } = opts;
  app.post(
    '/notify/list',
    { config, schema: { tags, security, summary: '通知类型：是否发送、是否同时发短信', response: { 200: Ok(NotifyClassList) } } },
    async (req) => ok(await recipients.classes(callerOf(req))),
  );
  app.post(
    '/notify/update',
    { config, schema: { tags, security, summary: '修改通知类型的发送方式', body: NotifyClassUpdateBody, response: { 200: Ok(NotifyClassSetting) } } },
    async (req) => ok(await recipients.updateClass(callerOf(req), req.body)),
  );
  app.post(
    '/notify/member/list',
    { config, schema: { tags, security, summary: '通知接收人列表', body: NotifyPageBody, response: { 200: Ok(NotifyRecipientList) } } },
    async (req) => ok(await recipients.list(callerOf(req), req.body)),
  );
  app.post(
    '/notify/member/update',
    { config, schema: { tags, security, summary: '修改接收人姓名', body: NotifyRecipientUpdateBody, response: { 200: Ok(NotifyRecipient) } } },
    async (req) => ok(await recipients.rename(callerOf(req), req.body.id, req.body.name)),
  );
  app.post(
    '/notify/member/update/phone',
    { config, schema: { tags, security, summary: '修改接收人手机号（接收短信）', body: NotifyRecipientPhoneBody, response: { 200: Ok(NotifyRecipient) } } },
    async (req) => ok(await recipients.setPhone(callerOf(req), req.body.id, req.body.phone)),
  );
  app.post(
    '/notify/member/delete',
    { config, schema: { tags, security, summary: '删除接收人', body: NotifyRecipientIdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await recipients.remove(callerOf(req), req.body.id);
      return ok(null);
    },
  );
}

/** /api/account/bind/notify/code and /api/account/notify/*. */
export async function notifyAccountRoutes(app: Api, opts: { recipients: RecipientService; delivery: NotifyDeliveryService }) {
  const { recipients, delivery } = opts;
  app.post(
    '/bind/notify/code',
    { config, schema: { tags, security, summary: '接收人绑定微信的公众号二维码（新接收人或重新绑定）', body: NotifyBindBody, response: { 200: Ok(QrCodeData) } } },
    async (req) => ok(await recipients.bindCode(callerOf(req), req.body)),
  );
  app.post(
    '/notify/callback',
    { config, schema: { tags, security, summary: '轮询接收人扫码绑定结果', body: NotifyBindPollBody, response: { 200: Ok(NotifyBindPoll) } } },
    async (req) => ok(await recipients.poll(callerOf(req), req.body.code)),
  );
  app.post(
    '/notify/message',
    { config, schema: { tags, security, summary: '消息发送记录（新的在前）', body: NotifyMessageBody, response: { 200: Ok(NotifyMessageList) } } },
    async (req) => ok(await delivery.log(callerOf(req), req.body)),
  );
  app.post(
    '/notify/member/classification/add',
    { config, schema: { tags, security, summary: '设置接收人接收的通知类型', body: NotifyClassesBody, response: { 200: Ok(NotifyRecipient) } } },
    async (req) => ok(await recipients.setClasses(callerOf(req), req.body.id, req.body.classes)),
  );
}

/** /api/notify/account/info and /api/notify/recharge/list: SMS credits. */
export async function notifyCreditRoutes(app: Api, opts: { delivery: NotifyDeliveryService }) {
  const { delivery } = opts;
  app.post(
    '/account/info',
    { config, schema: { tags, security, summary: '短信余额与接收人数', response: { 200: Ok(NotifyAccountInfo) } } },
    async (req) => ok(await delivery.info(callerOf(req))),
  );
  app.post(
    '/recharge/list',
    { config, schema: { tags, security, summary: '短信充值记录', body: NotifyPageBody, response: { 200: Ok(NotifyRechargeList) } } },
    async (req) => ok(await delivery.recharges(callerOf(req), req.body)),
  );
}

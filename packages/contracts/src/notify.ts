// 消息中心 (/notice/setting): the classes of notice, the recipients who bound a WeChat user by scanning
// the official account's QR and the classes each receives, the log of every message, and SMS credits.
// docs/notify.md says what each call does.
import { Type, type Static } from 'typebox';
import { Id, PageNumber } from './api.js';

/** The classes of notice a recipient may choose. `urgent` classes also go by SMS by default. */
export const NOTIFY_CLASSES = [
  { key: 'risk_action', name: '风控动作', description: '风控规则让成员下线（每日、每小时上限，渠道活码上限，上线时间，删除率）', urgent: false },
  { key: 'abnormal_add', name: '异常添加', description: '短时间内添加客户过多（异常添加阈值）', urgent: true },
  { key: 'member_offline', name: '成员下线', description: '成员离职、被停用或失去许可，不再接待客户', urgent: true },
  { key: 'loss_alert', name: '流失提醒', description: '客户删除成员、成员删除客户', urgent: false },
  { key: 'sync_failure', name: '同步或连接失败', description: '企业微信同步失败或授权连接中断', urgent: true },
  { key: 'push_finished', name: '群发完成', description: '客户群发、朋友圈发送结束', urgent: false },
  { key: 'seat_expiring', name: '席位或许可到期', description: '席位、接口许可即将到期', urgent: true },
] as const;

export type NotifyClassKey = (typeof NOTIFY_CLASSES)[number]['key'];
export const NOTIFY_CLASS_KEYS = NOTIFY_CLASSES.map((c) => c.key) as NotifyClassKey[];
export const NotifyClassKey = Type.Union([
  Type.Literal('risk_action'),
  Type.Literal('abnormal_add'),
  Type.Literal('member_offline'),
  Type.Literal('loss_alert'),
  Type.Literal('sync_failure'),
  Type.Literal('push_finished'),
  Type.Literal('seat_expiring'),
]);

/** The notification kinds written by the domains, and the class each belongs to. */
export const NOTICE_KIND_CLASS: Record<string, NotifyClassKey> = {
  risk_offline: 'risk_action',
  risk_burst: 'abnormal_add',
  member_offline: 'member_offline',
  customer_loss: 'loss_alert',
  customer_deleted: 'loss_alert',
  sync_failed: 'sync_failure',
  push_finished: 'push_finished',
  seat_expiring: 'seat_expiring',
};

/** SMS credits a new account starts with (recorded as a 赠送 recharge). */
export const NOTIFY_SMS_GIFT = 20;

// ---- classes (/api/qw/notify/list, /update)
export const NotifyClassSetting = Type.Object({
  key: NotifyClassKey,
  name: Type.String(),
  description: Type.String(),
  /** Sent by template message to the recipients who chose the class. */
  enabled: Type.Boolean(),
  /** Also sent by SMS (one credit per message) to those of them with a phone. */
  sms: Type.Boolean(),
});
export type NotifyClassSetting = Static<typeof NotifyClassSetting>;
export const NotifyClassList = Type.Object({ list: Type.Array(NotifyClassSetting) });
export type NotifyClassList = Static<typeof NotifyClassList>;
export const NotifyClassUpdateBody = Type.Object({
  key: NotifyClassKey,
  enabled: Type.Optional(Type.Boolean()),
  sms: Type.Optional(Type.Boolean()),
});
export type NotifyClassUpdateBody = Static<typeof NotifyClassUpdateBody>;

// ---- recipients (/api/qw/notify/member/*)
const Name = Type.String({ minLength: 1, maxLength: 30 });
/** A mainland mobile number, or '' for none. */
export const NotifyPhone = Type.String({ maxLength: 11, pattern: '^(1[3-9]\\d{9})?$' });

export const NotifyRecipient = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  /** The bound WeChat user (openid), null until a scan binds one. */
  openid: Type.Union([Type.String(), Type.Null()]),
  classes: Type.Array(NotifyClassKey),
  boundAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
});
export type NotifyRecipient = Static<typeof NotifyRecipient>;
export const NotifyRecipientList = Type.Object({ list: Type.Array(NotifyRecipient), total: Type.Integer() });
export type NotifyRecipientList = Static<typeof NotifyRecipientList>;
export const NotifyPageBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type NotifyPageBody = Static<typeof NotifyPageBody>;
export const NotifyRecipientUpdateBody = Type.Object({ id: Id, name: Name });
export type NotifyRecipientUpdateBody = Static<typeof NotifyRecipientUpdateBody>;
export const NotifyRecipientPhoneBody = Type.Object({ id: Id, phone: NotifyPhone });
export type NotifyRecipientPhoneBody = Static<typeof NotifyRecipientPhoneBody>;
export const NotifyRecipientIdBody = Type.Object({ id: Id });
export type NotifyRecipientIdBody = Static<typeof NotifyRecipientIdBody>;
export const NotifyClassesBody = Type.Object({ id: Id, classes: Type.Array(NotifyClassKey, { maxItems: NOTIFY_CLASSES.length }) });
export type NotifyClassesBody = Static<typeof NotifyClassesBody>;

// ---- binding (/api/account/bind/notify/code, /api/account/notify/callback)
/** A new recipient (name, phone) or, with `id`, another WeChat user for an existing one. */
export const NotifyBindBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(Name),
  phone: Type.Optional(NotifyPhone),
});
export type NotifyBindBody = Static<typeof NotifyBindBody>;
export const NotifyBindPollBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 128 }) });
export type NotifyBindPollBody = Static<typeof NotifyBindPollBody>;
/** `waiting` until a WeChat user scans; then `bound` with the recipient. An expired QR is a 400. */
export const NotifyBindPoll = Type.Object({
  status: Type.Union([Type.Literal('waiting'), Type.Literal('bound')]),
  recipient: Type.Union([NotifyRecipient, Type.Null()]),
});
export type NotifyBindPoll = Static<typeof NotifyBindPoll>;

// ---- the log (/api/account/notify/message)
export const NotifyChannel = Type.Union([Type.Literal('gzh'), Type.Literal('sms')]);
export type NotifyChannel = Static<typeof NotifyChannel>;
/** pending: queued; sending: handed to WeChat or the SMS gateway, answer not yet recorded; unknown: the process stopped in that window (never sent again). */
export const NotifyStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('unknown'),
]);
export type NotifyStatus = Static<typeof NotifyStatus>;
export const NotifyMessageBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(NotifyStatus),
  classKey: Type.Optional(NotifyClassKey),
});
export type NotifyMessageBody = Static<typeof NotifyMessageBody>;
export const NotifyMessage = Type.Object({
  id: Type.Integer(),
  classKey: NotifyClassKey,
  title: Type.String(),
  content: Type.String(),
  recipientId: Type.Integer(),
  recipientName: Type.String(),
  channel: NotifyChannel,
  /** The openid or the phone it went to. */
  target: Type.String(),
  status: NotifyStatus,
  reason: Type.String(),
  attempts: Type.Integer(),
  createdAt: Type.Integer(),
  sentAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type NotifyMessage = Static<typeof NotifyMessage>;
export const NotifyMessageList = Type.Object({ list: Type.Array(NotifyMessage), total: Type.Integer() });
export type NotifyMessageList = Static<typeof NotifyMessageList>;

// ---- SMS credits (/api/notify/account/info, /api/notify/recharge/list)
export const NotifyAccountInfo = Type.Object({
  smsBalance: Type.Integer(),
  smsUsed: Type.Integer(),
  recipients: Type.Integer(),
  bound: Type.Integer(),
});
export type NotifyAccountInfo = Static<typeof NotifyAccountInfo>;
export const NotifyRecharge = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('gift'), Type.Literal('purchase'), Type.Literal('refund')]),
  amount: Type.Integer(),
  balanceAfter: Type.Integer(),
  note: Type.String(),
  createdAt: Type.Integer(),
});
export type NotifyRecharge = Static<typeof NotifyRecharge>;
export const NotifyRechargeList = Type.Object({ list: Type.Array(NotifyRecharge), total: Type.Integer() });
export type NotifyRechargeList = Static<typeof NotifyRechargeList>;

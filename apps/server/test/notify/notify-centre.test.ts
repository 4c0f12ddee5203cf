// 消息中心: recipients bound by a scan of the official account's QR, the classes each receives, the
// delivery of the notifications the domains write (template messages in the simulator's inbox, SMS
// in its outbox, with credits), the log, and a delivery interrupted between its send and its record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_CLASS_KEYS, NOTIFY_SMS_GIFT } from '@scrm/contracts/notify';
import { IN_DOUBT_REASON, NOTIFY_SEND_JOB } from '../../src/notify/delivery.service.js';
import { connectCorp, contactMembers, settle, until } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const db = () => h.server.database.kysely;
const inbox = async (openid: string) => (await h.simCall<{ list: Array<{ msgid: string; data: Record<string, { value: string }> }> }>('GET', `/control/gzh/inbox?openid=${openid}`)).body.list;
const smsTo = async (phone: string) => (await h.simCall<{ list: Array<{ content: string }> }>('GET', `/sms/outbox?phone=${phone}`)).body.list;

/** A main account with a work space (a bare row: delivery needs no WeCom). */
async function account() {
  const token = await h.register(uniquePhone());
  const { data: me } = await h.api('/api/account/info', {}, token);
  const ws = await db().insertInto('work_space').values({ account_id: me.id, nickname: '示例企业', access_type: 'internal', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
  return { token, accountId: me.id as number, wsId: ws.id };
}

/** Binds a recipient by a simulated scan; returns it with the WeChat user's openid. */
async function bindRecipient(token: string, name: string, phone = '') {
  const qr = await h.api('/api/account/bind/notify/code', { name, phone }, token);
  expect(qr.status).toBe(200);
  expect(await h.api('/api/account/notify/callback', { code: qr.data.code }, token)).toMatchObject({ status: 200, data: { status: 'waiting', recipient: null } });
  const scan = await h.simCall('POST', '/control/gzh/scan', { sceneStr: qr.data.code, nickname: name });
  expect(scan.body).toMatchObject({ delivered: true });
  const bound = await h.api('/api/account/notify/callback', { code: qr.data.code }, token);
  expect(bound).toMatchObject({ status: 200, data: { status: 'bound', recipient: { name, phone, openid: scan.body.openid } } });
  return bound.data.recipient as { id: number; openid: string; classes: string[] };
}

/** A notification as the domains write it (risk control, loss alerts), then delivery run to the end. */
async function notice(a: { accountId: number; wsId: number }, kind: string, title: string, content: string) {
  const row = await db()
    .insertInto('notification')
    .values({ work_space_id: a.wsId, account_id: a.accountId, kind, title, content, ref_id: null, created_at: Date.now(), read_at: null, delivered_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.server.services.notifyDelivery.poke();
  await h.server.services.jobs.idle();
  return row.id;
}

describe('recipients', () => {
  it('binds a WeChat user by scan, with every class chosen; edits name, phone and classes; deletes', async () => {
    const { token } = await account();
    const r = await bindRecipient(token, '王经理', '13800001111');
    expect(r.classes).toEqual(NOTIFY_CLASS_KEYS);
    const list = await h.api('/api/qw/notify/member/list', { page: 1, pageSize: 20 }, token);
    expect(list.data).toMatchObject({ total: 1, list: [{ id: r.id, name: '王经理', phone: '13800001111', openid: r.openid, boundAt: expect.any(Number) }] });

    expect((await h.api('/api/qw/notify/member/update', { id: r.id, name: '王总' }, token)).data).toMatchObject({ name: '王总' });
    expect((await h.api('/api/qw/notify/member/update/phone', { id: r.id, phone: '13900002222' }, token)).data).toMatchObject({ phone: '13900002222' });
    expect((await h.api('/api/qw/notify/member/update/phone', { id: r.id, phone: '' }, token)).data).toMatchObject({ phone: '' });
    expect(await h.api('/api/qw/notify/member/update/phone', { id: r.id, phone: '12345' }, token)).toMatchObject({ status: 400 });
    expect(await h.api('/api/qw/notify/member/update', { id: r.id, name: '   ' }, token)).toMatchObject({ status: 400, message: '请填写姓名' });
    const classes = await h.api('/api/account/notify/member/classification/add', { id: r.id, classes: ['loss_alert', 'risk_action', 'loss_alert'] }, token);
    expect(classes.data.classes).toEqual(['risk_action', 'loss_alert']);
    expect(await h.api('/api/account/notify/member/classification/add', { id: r.id, classes: ['nope'] }, token)).toMatchObject({ status: 400 });

    // Another account sees none of it.
    const other = await account();
    expect((await h.api('/api/qw/notify/member/list', {}, other.token)).data).toEqual({ list: [], total: 0 });
    expect(await h.api('/api/qw/notify/member/update', { id: r.id, name: 'x' }, other.token)).toMatchObject({ status: 404, message: '接收人不存在' });
    expect(await h.api('/api/qw/notify/member/delete', { id: r.id }, other.token)).toMatchObject({ status: 404 });

    expect(await h.api('/api/qw/notify/member/delete', { id: r.id }, token)).toMatchObject({ status: 200, data: null });
    expect((await h.api('/api/qw/notify/member/list', {}, token)).data.total).toBe(0);
  });

  it('re-binds a recipient to another WeChat user; the same user scanning again makes no second recipient', async () => {
    const { token } = await account();
    const r = await bindRecipient(token, '李四');
    const qr = await h.api('/api/account/bind/notify/code', { id: r.id }, token);
    const scan = await h.simCall('POST', '/control/gzh/scan', { sceneStr: qr.data.code });
    expect((await h.api('/api/account/notify/callback', { code: qr.data.code }, token)).data.recipient).toMatchObject({ id: r.id, name: '李四', openid: scan.body.openid });

    const again = await h.api('/api/account/bind/notify/code', { name: '李四（新）' }, token);
    await h.simCall('POST', '/control/gzh/scan', { sceneStr: again.data.code, openid: scan.body.openid });
    expect((await h.api('/api/account/notify/callback', { code: again.data.code }, token)).data.recipient).toMatchObject({ id: r.id, name: '李四（新）' });
    expect((await h.api('/api/qw/notify/member/list', {}, token)).data.total).toBe(1);
  });

  it('refuses a bind without a name, a code of another account, and an expired code', async () => {
    const { token } = await account();
    expect(await h.api('/api/account/bind/notify/code', {}, token)).toMatchObject({ status: 400, message: '请填写接收人姓名' });
    expect(await h.api('/api/account/bind/notify/code', { id: 999999 }, token)).toMatchObject({ status: 404 });
    const qr = await h.api('/api/account/bind/notify/code', { name: '赵六' }, token);
    const other = await account();
    expect(await h.api('/api/account/notify/callback', { code: qr.data.code }, other.token)).toMatchObject({ status: 400, message: '二维码无效' });
    expect(await h.api('/api/account/notify/callback', { code: 'nope' }, token)).toMatchObject({ status: 400, message: '二维码无效' });
    await db().updateTable('qr_scene').set({ expires_at: Date.now() - 1 }).where('code', '=', qr.data.code).execute();
    expect(await h.api('/api/account/notify/callback', { code: qr.data.code }, token)).toMatchObject({ status: 400, message: '二维码已过期，请刷新' });
  });

  it('lists the classes with their defaults and saves a change', async () => {
    const { token } = await account();
    const list = (await h.api('/api/qw/notify/list', {}, token)).data.list;
    expect(list.map((c: { key: string }) => c.key)).toEqual(NOTIFY_CLASS_KEYS);
    expect(list.find((c: { key: string }) => c.key === 'abnormal_add')).toMatchObject({ name: '异常添加', enabled: true, sms: true });
    expect(list.find((c: { key: string }) => c.key === 'loss_alert')).toMatchObject({ name: '流失提醒', enabled: true, sms: false });
    expect((await h.api('/api/qw/notify/update', { key: 'loss_alert', sms: true }, token)).data).toMatchObject({ key: 'loss_alert', enabled: true, sms: true });
    expect((await h.api('/api/qw/notify/list', {}, token)).data.list.find((c: { key: string }) => c.key === 'loss_alert').sms).toBe(true);
    expect(await h.api('/api/qw/notify/update', { key: 'nope' }, token)).toMatchObject({ status: 400 });
  });
});

describe('delivery', () => {
  it('sends a risk action and a loss alert as template messages to the recipients who chose them, logged once each', async () => {
    const a = await account();
    const all = await bindRecipient(a.token, '全部');
    const some = await bindRecipient(a.token, '只收流失');
    await h.api('/api/account/notify/member/classification/add', { id: some.id, classes: ['loss_alert'] }, a.token);

    const risk = await notice(a, 'risk_offline', '成员已被自动下线', '张三（zhangsan）：今日已添加 5 位客户，达到每日上限 5 人');
    const loss = await notice(a, 'customer_loss', '客户流失提醒', '客户「小明」删除了成员「张三」');

    const mine = await inbox(all.openid);
    expect(mine.map((m) => m.data.first!.value)).toEqual(['客户流失提醒', '成员已被自动下线']);
    expect(mine[1]!.data).toMatchObject({ keyword1: { value: '风控动作' }, keyword3: { value: '示例企业' }, remark: { value: '张三（zhangsan）：今日已添加 5 位客户，达到每日上限 5 人' } });
    expect((await inbox(some.openid)).map((m) => m.data.first!.value)).toEqual(['客户流失提醒']);

    const log = (await h.api('/api/account/notify/message', { page: 1, pageSize: 20 }, a.token)).data;
    expect(log.total).toBe(3);
    expect(log.list.every((m: { status: string; channel: string }) => m.status === 'sent' && m.channel === 'gzh')).toBe(true);
    expect(log.list.find((m: { recipientName: string; classKey: string }) => m.recipientName === '全部' && m.classKey === 'risk_action')).toMatchObject({
      title: '成员已被自动下线',
      target: all.openid,
      attempts: 1,
      sentAt: expect.any(Number),
    });
    expect((await h.api('/api/account/notify/message', { classKey: 'loss_alert' }, a.token)).data.total).toBe(2);
    for (const id of [risk, loss]) {
      expect((await db().selectFrom('notification').select(['planned_at', 'delivered_at']).where('id', '=', id).executeTakeFirstOrThrow()).delivered_at).not.toBeNull();
    }

    // Planning again (the minute schedule) adds nothing.
    await h.server.services.notifyDelivery.planJob();
    await h.server.services.jobs.idle();
    expect(await inbox(all.openid)).toHaveLength(2);
  });

  it('writes and delivers what loss alerts record', async () => {
    const a = await account();
    const r = await bindRecipient(a.token, '流失');
    await h.server.services.lossAlerts.recorded(a.wsId, [
      { id: 1, work_space_id: a.wsId, kind: 'delete_by_customer', external_userid: 'wmX', userid: 'zhangsan', created_at: Date.now() } as never,
    ]);
    await until('loss alert delivered', async () => (await inbox(r.openid)).length === 1);
    expect((await inbox(r.openid))[0]!.data.remark!.value).toBe('客户「wmX」删除了成员「zhangsan」');
  });

  it('delivers a failed sync of a work space (同步或连接失败)', async () => {
    const a = await account();
    const r = await bindRecipient(a.token, '同步');
    // A bare work space has no corp to read: the sync fails.
    await h.server.services.sync.run(a.wsId, ['department']);
    await until('sync failure delivered', async () => (await inbox(r.openid)).length === 1);
    const [m] = await inbox(r.openid);
    expect(m!.data).toMatchObject({ first: { value: '企业微信同步失败' }, keyword1: { value: '同步或连接失败' } });
    expect(m!.data.remark!.value).toMatch(/^「示例企业」同步失败：/);
  });

  it('delivers a member who received customers and left the corp (成员下线)', async () => {
    const token = await h.register(uniquePhone());
    const corp = await connectCorp(h, token, { seed: `notify-leave-${process.pid}`, size: { members: 4, customers: 4, groups: 0 } });
    const r = await bindRecipient(token, '成员');
    const leaver = (await contactMembers(h, corp.corpId)).at(-1)!;
    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/member-leave`, { userid: leaver.userid })).status).toBe(200);
    await settle(h);
    await until('member gone', async () => !(await db().selectFrom('member').select('userid').where('work_space_id', '=', corp.wsId).where('userid', '=', leaver.userid).executeTakeFirst()));
    await until('member offline delivered', async () => (await inbox(r.openid)).length === 1);
    const [m] = await inbox(r.openid);
    expect(m!.data).toMatchObject({ first: { value: '成员下线' }, keyword1: { value: '成员下线' } });
    expect(m!.data.remark!.value).toBe(`${leaver.name}（${leaver.userid}）已离职或不在应用可见范围内，不再接待客户`);
  });

  it('sends urgent classes by SMS too, taking a credit each; with no credit the SMS fails with the reason', async () => {
    const a = await account();
    const phone = uniquePhone();
    const r = await bindRecipient(a.token, '短信', phone);
    expect((await h.api('/api/notify/account/info', {}, a.token)).data).toEqual({ smsBalance: NOTIFY_SMS_GIFT, smsUsed: 0, recipients: 1, bound: 1 });
    expect((await h.api('/api/notify/recharge/list', {}, a.token)).data).toMatchObject({ total: 1, list: [{ kind: 'gift', amount: NOTIFY_SMS_GIFT, balanceAfter: NOTIFY_SMS_GIFT }] });

    await notice(a, 'risk_burst', '异常添加：成员已被自动下线', '张三（zhangsan）：10 分钟内添加 8 位客户');
    expect((await smsTo(phone))[0]!.content).toContain('异常添加：成员已被自动下线');
    expect(await inbox(r.openid)).toHaveLength(1);
    expect((await h.api('/api/notify/account/info', {}, a.token)).data).toMatchObject({ smsBalance: NOTIFY_SMS_GIFT - 1, smsUsed: 1 });

    await db().updateTable('notify_credit').set({ sms_balance: 0 }).where('account_id', '=', a.accountId).execute();
    await notice(a, 'risk_burst', '异常添加：成员已被自动下线', '李四（lisi）：10 分钟内添加 9 位客户');
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await inbox(r.openid)).toHaveLength(2);
    const failed = (await h.api('/api/account/notify/message', { status: 'failed' }, a.token)).data;
    expect(failed).toMatchObject({ total: 1, list: [{ channel: 'sms', target: phone, reason: '短信余额不足，未发送' }] });

    // A class switched off sends nothing; SMS off leaves the template message.
    await h.api('/api/qw/notify/update', { key: 'abnormal_add', sms: false }, a.token);
    await notice(a, 'risk_burst', '异常添加', '王五');
    expect(await inbox(r.openid)).toHaveLength(3);
    await h.api('/api/qw/notify/update', { key: 'abnormal_add', enabled: false }, a.token);
    await notice(a, 'risk_burst', '异常添加', '赵六');
    expect(await inbox(r.openid)).toHaveLength(3);
  });

  it('retries a send WeChat answered busy, and logs the attempts', async () => {
    const a = await account();
    const r = await bindRecipient(a.token, '重试');
    await h.simCall('POST', '/control/faults', { kind: 'busy', path: 'message/template/send', count: 1 });
    await notice(a, 'customer_loss', '客户流失提醒', '重试测试');
    const first = (await h.api('/api/account/notify/message', {}, a.token)).data.list[0];
    expect(first).toMatchObject({ status: 'pending', attempts: 1, reason: expect.stringContaining('（第 1 次，稍后重试）') });
    await until('sent on the second attempt', async () => (await h.api('/api/account/notify/message', {}, a.token)).data.list[0].status === 'sent', 15_000);
    expect((await h.api('/api/account/notify/message', {}, a.token)).data.list[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await inbox(r.openid)).toHaveLength(1);
  });

  it('never sends again a message whose answer was lost: logged unknown, received once', async () => {
    const a = await account();
    const r = await bindRecipient(a.token, '失联');
    await h.simCall('POST', '/control/faults', { kind: 'lost-response', path: 'message/template/send', count: 1 });
    await notice(a, 'customer_loss', '客户流失提醒', '应答丢失');
    expect((await h.api('/api/account/notify/message', {}, a.token)).data.list[0]).toMatchObject({ status: 'unknown', attempts: 1, reason: expect.stringContaining('公众号未应答') });
    expect(await inbox(r.openid)).toHaveLength(1);
  });

  it('sends nothing to a recipient deleted after the notice was planned', async () => {
    const a = await account();
    const r = await bindRecipient(a.token, '已删除');
    const { jobs } = h.server.services;
    await jobs.stop();
    try {
      await db()
        .insertInto('notification')
        .values({ work_space_id: a.wsId, account_id: a.accountId, kind: 'customer_loss', title: '客户流失提醒', content: '删除之后', ref_id: null, created_at: Date.now(), read_at: null, delivered_at: null })
        .execute();
      await h.server.services.notifyDelivery.planJob();
      expect((await h.api('/api/qw/notify/member/delete', { id: r.id }, a.token)).status).toBe(200);
    } finally {
      await jobs.start();
    }
    await jobs.idle();
    expect((await h.api('/api/account/notify/message', {}, a.token)).data.list[0]).toMatchObject({ status: 'failed', recipientName: '（已删除）', reason: '接收人已删除或已改绑微信，未发送' });
    expect(await inbox(r.openid)).toHaveLength(0);
  });

  it('logs a WeChat user who no longer follows as failed with the reason', async () => {
    const a = await account();
    const r = await bindRecipient(a.token, '已取关');
    await db().updateTable('notify_recipient').set({ openid: 'o_unfollowed' }).where('id', '=', r.id).execute();
    await notice(a, 'customer_deleted', '成员删除客户提醒', '成员「张三」删除了客户「小明」');
    expect((await h.api('/api/account/notify/message', {}, a.token)).data.list[0]).toMatchObject({ status: 'failed', reason: '接收人已取消关注公众号', target: 'o_unfollowed' });
  });
});

describe('a delivery cut short', () => {
  it('never sends twice: one found in flight after a stop is marked unknown, the other sent once', async () => {
    const a = await account();
    const r1 = await bindRecipient(a.token, '甲');
    const r2 = await bindRecipient(a.token, '乙');
    const { jobs, notifyDelivery } = h.server.services;
    await jobs.stop();
    try {
      const row = await db()
        .insertInto('notification')
        .values({ work_space_id: a.wsId, account_id: a.accountId, kind: 'risk_offline', title: '成员已被自动下线', content: '中断测试', ref_id: null, created_at: Date.now(), read_at: null, delivered_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await notifyDelivery.planJob();
      const deliveries = await db().selectFrom('notify_delivery').selectAll().where('notification_id', '=', row.id).orderBy('id').execute();
      expect(deliveries.map((d) => [d.recipient_id, d.channel, d.status])).toEqual([
        [r1.id, 'gzh', 'pending'],
        [r2.id, 'gzh', 'pending'],
      ]);
      // The process that ran them died: the first after marking it sending (the send may have reached
      // WeChat), the second right after claiming it (nothing sent yet). Both jobs were running.
      await db().updateTable('notify_delivery').set({ status: 'sending', attempted_at: Date.now(), attempts: 1 }).where('id', '=', deliveries[0]!.id).execute();
      await db()
        .updateTable('job')
        .set({ status: 'running', locked_by: 'dead-process', locked_until: Date.now() - 1, attempts: 1 })
        .where('kind', '=', NOTIFY_SEND_JOB)
        .where('idempotency_key', 'in', deliveries.map((d) => `notify-send:${d.id}`))
        .execute();
    } finally {
      await jobs.start();
    }
    await jobs.idle();
    const log = (await h.api('/api/account/notify/message', {}, a.token)).data.list as Array<{ recipientName: string; status: string; reason: string }>;
    expect(log.find((m) => m.recipientName === '甲')).toMatchObject({ status: 'unknown', reason: IN_DOUBT_REASON });
    expect(log.find((m) => m.recipientName === '乙')).toMatchObject({ status: 'sent' });
    expect(await inbox(r1.openid)).toHaveLength(0);
    expect(await inbox(r2.openid)).toHaveLength(1);

    // A second copy of a send job (a duplicate enqueue, a retry) finds the delivery final and sends nothing.
    const sent = await db().selectFrom('notify_delivery').select('id').where('recipient_id', '=', r2.id).executeTakeFirstOrThrow();
    await jobs.enqueue(NOTIFY_SEND_JOB, { deliveryId: sent.id }, { idempotencyKey: `notify-send-again:${sent.id}` });
    await notifyDelivery.planJob();
    await jobs.idle();
    expect(await inbox(r2.openid)).toHaveLength(1);
  });
});

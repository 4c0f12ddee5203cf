// 消息中心 followed from the event to the WeChat user's inbox: a recipient added on /notice/setting binds
// by a simulated scan of the official account's QR; a risk action (a cron plan taking members offline)
// and a loss alert (a customer deleting a member) reach them as template messages in the simulator's
// inbox and are logged as sent; then the server is killed (-9) right as a batch of notices goes out and
// started again, and every notice is in the inbox at most once, every one logged as sent exactly once.
import { expect, test, type Page } from '@playwright/test';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(240_000) });

const SHOTS = process.env.NOTIFY_SHOTS;

let stack: DrillStack;
let token: string;
let workId: number;
let corpId: string;
let openid: string;
let members: Array<{ userid: string; name: string }>;

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

interface InboxMessage {
  msgid: string;
  data: Record<string, { value: string }>;
}
const inbox = async () => ((await (await stack.client.simFetch(`/control/gzh/inbox?openid=${encodeURIComponent(openid)}`)).json()) as { list: InboxMessage[] }).list;
const log = () => api<{ list: Array<{ title: string; content: string; status: string; channel: string }>; total: number }>('account/notify/message', { page: 1, pageSize: 100 });

/** A weekly schedule that is never now (an hour of another weekday): a cron plan with it takes its members offline at once. */
function notNow(): Array<{ weekdays: number[]; start: string; end: string }> {
  const chinaDay = new Date(Date.now() + 8 * 3_600_000).getUTCDay() || 7;
  return [{ weekdays: [(chinaDay % 7) + 1], start: '03:00', end: '04:00' }];
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3660, simPort: 3661 });
  ({ token, workId, corpId } = await drillCorp(stack, { phone: '13900000666', password: 'notify12345' }, { name: '通知科技', seed: 'notify', size: { departments: 2, members: 6, customers: 6, groups: 0, tags: 1 } }));
  members = (await api<{ list: Array<{ userid: string; name: string }> }>('qw/member/find', {})).list;
  // The seed is random: the first member always has customer contact (the sample corp's rule), the rest 9 in 10.
  expect(members.length).toBeGreaterThanOrEqual(1);
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a recipient binds their WeChat by scanning the official account’s QR', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/notice/setting');
  await expect(page.getByTestId('recipient-table')).toContainText('还没有通知接收人');
  await shot(page, 'notice-empty');

  await page.getByTestId('recipient-add').click();
  await page.getByTestId('bind-name').fill('王经理');
  await page.getByTestId('bind-phone').fill('13800006666');
  await page.getByTestId('bind-next').click();
  const qr = page.getByTestId('bind-qr');
  await expect(qr).toHaveAttribute('data-code', /^n_/);
  await expect(page.getByTestId('bind-modal')).toContainText('等待扫码');
  await shot(page, 'notice-bind-qr');

  // The WeChat user scans (the simulator pushes the subscribe event to the server); the dialog sees it.
  const code = (await qr.getAttribute('data-code'))!;
  const scanned = await stack.client.control<{ openid: string; delivered: boolean }>('/control/gzh/scan', { sceneStr: code, nickname: '王经理' });
  expect(scanned.delivered).toBe(true);
  openid = scanned.openid;
  await expect(page.getByTestId('bind-bound')).toContainText('「王经理」已绑定微信');
  await shot(page, 'notice-bind-done');
  await page.getByTestId('bind-done').click();

  const row = page.getByTestId('recipient-table').locator('tr', { hasText: '王经理' });
  await expect(row).toContainText('13800006666');
  await expect(row.getByTestId('recipient-bound')).toBeVisible();
  for (const name of ['风控动作', '异常添加', '流失提醒', '席位或许可到期']) await expect(row).toContainText(name);
  await shot(page, 'notice-recipients');

  await row.getByTestId('recipient-classes').click();
  await expect(page.getByTestId('classes-modal')).toContainText('设置「王经理」接收的通知');
  await page.waitForTimeout(300); // the dialog's fade, for the screenshot
  await shot(page, 'notice-classes-editor');
  await page.getByRole('button', { name: /取\s*消/ }).click();
});

test('a risk action and a loss alert reach the recipient’s WeChat inbox and are logged as sent', async ({ page }) => {
  await api('qw/risk/plan/add', { name: '夜间下线', userids: [members[0]!.userid], schedule: notNow(), enabled: true });
  const corp = (await (await stack.client.simFetch(`/control/corps/${corpId}`)).json()) as { follows: Array<{ userid: string; externalUserid: string; name: string }> };
  const follow = corp.follows[0]!;
  await stack.client.control(`/control/corps/${corpId}/customer-deletes-member`, { userid: follow.userid, externalUserid: follow.externalUserid });

  await expect.poll(async () => (await inbox()).map((m) => m.data.first!.value).sort(), { timeout: patient(60_000) }).toEqual(['客户流失提醒', '成员已被自动下线']);
  const messages = await inbox();
  const risk = messages.find((m) => m.data.first!.value === '成员已被自动下线')!;
  expect(risk.data.keyword1!.value).toBe('风控动作');
  expect(risk.data.remark!.value).toContain(members[0]!.userid);
  const loss = messages.find((m) => m.data.first!.value === '客户流失提醒')!;
  expect(loss.data.keyword1!.value).toBe('流失提醒');
  expect(loss.data.remark!.value).toContain(follow.name);

  await open(page, '/notice/setting');
  await page.getByRole('tab', { name: '发送记录' }).click();
  const table = page.getByTestId('message-table');
  await expect(table).toContainText('成员已被自动下线');
  await expect(table).toContainText('客户流失提醒');
  await expect(table.locator('[data-status="sent"]')).toHaveCount(2);
  await shot(page, 'notice-log');

  // The simulator's page shows what the WeChat user received.
  const sim = await page.context().newPage();
  await sim.setViewportSize({ width: 1366, height: 900 });
  await sim.goto(`${stack.simUrl}/?token=${encodeURIComponent(stack.simToken)}`);
  await expect(sim.locator('#inbox')).toContainText('客户流失提醒');
  await expect(sim.locator('#inbox')).toContainText('王经理');
  if (SHOTS) await sim.locator('#inbox').screenshot({ path: `${SHOTS}/sim-inbox.png` });
  await sim.close();

  await page.getByRole('tab', { name: '短信余量' }).click();
  await expect(page.getByTestId('credits')).toContainText('新账号赠送短信条数');
  await shot(page, 'notice-credits');
  await page.getByRole('tab', { name: '通知类型' }).click();
  await expect(page.getByTestId('classes')).toContainText('同步或连接失败');
  await shot(page, 'notice-classes');
});

test('kill -9 as a batch goes out: after the restart every notice is in the inbox at most once, each logged once', async () => {
  const before = (await inbox()).length;
  const userids = members.slice(1, 5).map((m) => m.userid);
  await api('qw/risk/plan/add', { name: '中断演练', userids, schedule: notNow(), enabled: true });
  await stack.killServer();
  await stack.startServer();

  // Every delivery of the four notices ends (sent, or unknown when the kill fell between a send and its record).
  await expect
    .poll(async () => {
      const mine = (await log()).list.filter((m) => m.content.includes('中断演练') && m.channel === 'gzh');
      return mine.length === userids.length && mine.every((m) => m.status === 'sent' || m.status === 'unknown');
    }, { timeout: patient(90_000) })
    .toBe(true);

  const all = await inbox();
  const received = all.slice(0, all.length - before).filter((m) => m.data.remark!.value.includes('中断演练'));
  const texts = received.map((m) => m.data.remark!.value);
  expect(new Set(texts).size).toBe(texts.length); // never twice
  const logged = (await log()).list.filter((m) => m.content.includes('中断演练') && m.channel === 'gzh');
  for (const m of logged.filter((x) => x.status === 'sent')) expect(texts.filter((t) => t === m.content)).toHaveLength(1);
  expect(texts.length).toBeGreaterThanOrEqual(logged.filter((x) => x.status === 'sent').length);
  expect(texts.length).toBeLessThanOrEqual(userids.length);
});

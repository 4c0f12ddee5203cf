// Seat orders driven as an operator would, on a stack of its own (TEST_CLOCK): 购买席位 on /setting/package
// opens the simulator's cashier, 支付 there sends the browser back and the console confirms the payment;
// the seats are bound to members; a member without a seat is refused on a channel code; the seats are
// renewed through 续费 and the cashier; one left unrenewed expires with the business clock and its notice
// shows in the message centre's log. docs/seats.md, "Orders and payment".
import { expect, test, type Page } from '@playwright/test';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { channelCodeBody, patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(240_000) });

const SHOTS = process.env.ORDER_SHOTS;
const DAY = 86_400_000;
const PORT = 3414;

let stack: DrillStack;
let token: string;
let workId: number;
let members: Array<{ userid: string; name: string }>;

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const codeBody = (name: string, userids: string[]) => channelCodeBody(name, userids, { distribution: 'random' });

/** On the cashier page: checks the amount, pays, and waits to be back on the console. */
async function payAtCashier(page: Page, amount: string) {
  await page.waitForURL(/\/pay\/cashier\//);
  await expect(page.getByTestId('cashier-amount')).toHaveText(amount);
  await shot(page, `cashier-${amount.replace(/\W/g, '')}`);
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await page.waitForURL(new RegExp(`^${stack.serverUrl}/#/setting/package`));
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: PORT, simPort: PORT + 1, env: { PUBLIC_URL: `http://127.0.0.1:${PORT}` } });
  ({ token, workId } = await drillCorp(stack, { phone: '13900000714', password: 'order12345' }, { name: '订单科技', seed: 'order', size: { departments: 2, members: 14, customers: 2, groups: 0, tags: 1 } }));
  members = (await api<{ list: Array<{ userid: string; name: string }> }>('qw/member/find', {})).list;
  expect(members.length).toBeGreaterThanOrEqual(8);
  // A recipient of the message centre, bound by a simulated scan: the expiry notice is sent to them and logged.
  const bind = await api<{ code: string }>('account/bind/notify/code', { name: '席位管理员' });
  await stack.client.control('/control/gzh/scan', { sceneStr: bind.code, nickname: '席位管理员' });
  await expect.poll(async () => (await api<{ status: string }>('account/notify/callback', { code: bind.code })).status).toBe('bound');
  // The trial seats go to members 0–4: none is free, so buying is what the next members need.
  for (const m of members.slice(0, 5)) await api('seat/bind/member', { userid: m.userid });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('buys seats through the simulated cashier and binds them to members', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, '/setting/package');
  await expect(page.getByTestId('seat-figure-free')).toContainText('0');
  await page.getByTestId('seat-buy').click();
  await expect(page.getByTestId('order-unit-price')).toHaveText('¥365.00');
  await expect(page.getByTestId('order-price-source')).toHaveText('标准价');
  await page.locator('input[data-testid="order-count"], [data-testid="order-count"] input').first().fill('2');
  await expect(page.getByTestId('order-total')).toHaveText('¥730.00');
  await shot(page, 'order-buy-dialog');
  await page.getByTestId('order-submit').click();
  await payAtCashier(page, '¥730.00');

  await expect(page.getByTestId('order-result')).toContainText('2 个席位已到账');
  await shot(page, 'order-paid-result');
  await page.getByRole('button', { name: '知道了' }).click();
  const table = page.getByTestId('order-table');
  await expect(table.getByTestId('order-state').first()).toHaveText('已支付');
  await expect(page.getByTestId('seat-figure-free')).toContainText('2');
  await shot(page, 'order-list');

  // The two bought seats to members 5 and 6 (through the API; binding through the page is seats.spec's).
  for (const m of members.slice(5, 7)) await api('seat/bind/member', { userid: m.userid });
  expect(await api<{ free: number; used: number }>('seat/num')).toMatchObject({ free: 0, used: 7 });
});

test('a member without a seat is refused on a channel code', async () => {
  const noSeat = members[7]!;
  const res = await fetch(`${stack.serverUrl}/api/qw/lxw/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-work-id': String(workId) },
    body: JSON.stringify(codeBody('无席位码', [noSeat.userid])),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toContain('资源包');
  const code = await api<any>('qw/lxw/add', codeBody('订单演示码', [members[5]!.userid, noSeat.userid]));
  expect(code.receivingUsers).toEqual([members[5]!.userid]);
});

test('a pending order can be cancelled; 支付失败 keeps it payable', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, '/setting/package?tab=orders');
  await page.getByTestId('seat-buy').click();
  await expect(page.getByTestId('order-total')).toHaveText('¥365.00');
  await page.getByTestId('order-submit').click();
  await page.waitForURL(/\/pay\/cashier\//);
  await page.getByRole('button', { name: '支付失败' }).click();
  await expect(page.locator('#result')).toContainText('支付失败');
  await page.getByRole('link', { name: '返回商户' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('尚未收到支付结果');
  await expect(page.getByTestId('order-result')).toContainText('「去支付」');
  await page.getByRole('button', { name: '知道了' }).click();
  const pending = page.getByTestId('order-table').locator('tr', { hasText: '待支付' });
  await expect(pending.getByTestId('order-pay')).toBeVisible();
  await shot(page, 'order-pending');
  await pending.getByTestId('order-cancel').click();
  await page.getByTestId('order-cancel-ok').click();
  await expect(page.getByTestId('order-table').getByTestId('order-state').first()).toHaveText('已取消');
});

test('renews the seats through 续费, and one left out expires with a notice in the message centre', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, '/setting/package');
  const seats = page.getByTestId('seat-table');
  await expect(seats.locator('tbody tr')).toHaveCount(7);
  // Every seat but the first (a trial seat of 30 days; the list runs by end of term) is renewed by 90 days.
  const rows = seats.locator('tbody tr');
  for (let i = 1; i < 7; i++) await rows.nth(i).locator('.ant-checkbox-input').check();
  await page.getByTestId('seat-renew').click();
  // The term picked again should a click land while the dropdown still opens (a loaded machine once
  // left the dialog on its 365 days: ¥2190.00).
  await expect(async () => {
    await page.getByTestId('order-term').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '90 天' }).click({ timeout: 2_000 });
    await expect(page.getByTestId('order-term')).toContainText('90 天', { timeout: 1_000 });
  }).toPass({ timeout: patient(15_000) });
  await expect(page.getByTestId('order-total')).toHaveText('¥540.00');
  await shot(page, 'order-renew-dialog');
  await page.getByTestId('order-submit').click();
  await payAtCashier(page, '¥540.00');
  await expect(page.getByTestId('order-result')).toContainText('6 个席位已续费 90 天');
  await page.getByRole('button', { name: '知道了' }).click();

  // 31 days on: the trial seat left out has expired, the renewed ones have not.
  await api('test/clock', { advanceMs: 31 * DAY });
  await expect.poll(async () => (await api<{ list: Array<{ title: string; content: string }> }>('account/notify/message', { page: 1, pageSize: 50 })).list.map((m) => m.title), { timeout: patient(60_000) }).toContain('席位已到期');
  expect(await api<{ used: number; expired: number }>('seat/num')).toMatchObject({ used: 6, expired: 1 });
  await open(page, '/notice/setting');
  await page.getByRole('tab', { name: '发送记录' }).click();
  await expect(page.getByText('席位已到期').first()).toBeVisible({ timeout: patient(20_000) });
  await shot(page, 'order-expiry-notice');
  await open(page, '/setting/package');
  await expect(page.getByTestId('seat-table').locator('tr', { hasText: '已过期' })).toHaveCount(1);
  await expect(page.getByTestId('seat-figure-bought')).toContainText('6');
  await api('test/clock', { reset: true });
});

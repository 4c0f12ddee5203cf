// 接口许可 driven as an operator would: a corp authorised through the provider app, its members needing a
// 互通 account on /qw/edit's 接口许可 tab, an order bought there, paid on the simulator's page (the
// provider's admin), the members picked and activated, and each member then shown licensed.
import { expect, test, type Page } from '@playwright/test';
import { drillApi, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

const SHOTS = process.env.LICENCE_SHOTS;

let stack: DrillStack;
let token: string;
let workId: number;
let corpId: string;

const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** The provider-app install flow without a browser (corp.spec.ts drives it through the pages). */
async function connectThird(): Promise<void> {
  const { client } = stack;
  token = await client.registerAccount('13900000721', 'licence12345');
  const corp = await client.control('/control/corps', { name: '许可科技', seed: 'licence', size: { departments: 2, members: 5, customers: 3, groups: 0, tags: 1 } });
  corpId = corp.corpId;
  // the suite ticket reaches the server shortly after it starts
  let pre: { url: string; state: string } | undefined;
  for (let i = 0; i < 50 && !pre; i++) {
    pre = await client.api('qw/third/auth/preCode', {}, token).catch(() => undefined);
    if (!pre) await new Promise((r) => setTimeout(r, 200));
  }
  const url = new URL(pre!.url);
  const res = await client.simFetch('/open/3rdapp/install', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), corpId }).toString(),
    redirect: 'manual',
  });
  const authCode = new URL(res.headers.get('location')!).searchParams.get('auth_code')!;
  const work = await client.api('qw/third/auth/callback', { auth_code: authCode, state: pre!.state }, token);
  workId = work.id;
  await client.waitForSync(token, workId);
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3720, simPort: 3721 });
  await connectThird();
});

test.afterAll(async () => {
  await stack?.stop();
});

test('members needing a licence are bought for, paid in the simulator, activated and shown licensed', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const contact = (await stack.client.simFetch(`/control/corps/${corpId}/licences`).then((r) => r.json())).members.filter((m: { contact: boolean }) => m.contact) as Array<{ userid: string; name: string }>;
  expect(contact.length).toBeGreaterThanOrEqual(2);

  await open(page, '/qw/list');
  const card = page.getByTestId('work-space-card');
  await expect(card).toContainText('第三方应用');
  await card.getByRole('button', { name: '接口许可' }).click();
  await expect(page).toHaveURL(/#\/qw\/edit\?id=\d+&tab=licence$/);
  const need = page.getByTestId('licence-need');
  await expect(need).toContainText(`${contact.length} 名有客户联系权限的成员尚未激活互通账号`);
  for (const m of contact) await expect(need).toContainText(m.name);
  await expect(page.getByTestId('licence-free-codes')).toHaveText('可用互通激活码 0 个');
  await expect(page.getByTestId('licence-orders')).toContainText('暂无订单');
  await shot(page, 'licence-need');

  // 购买: an order for every member needing one, 待支付
  await need.getByRole('button', { name: /购\s*买/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('互通账号数')).toHaveValue(String(contact.length));
  await shot(page, 'licence-buy');
  await dialog.getByRole('button', { name: '确认下单' }).click();
  const orders = page.getByTestId('licence-orders');
  await expect(orders).toContainText('待支付');
  await expect(orders).toContainText(`基础 0，互通 ${contact.length}`);
  await expect(page.getByTestId('licence-codes')).toContainText('暂无激活码');

  // the provider's admin pays on the simulator's page
  const sim = await page.context().newPage();
  await sim.setViewportSize({ width: 1366, height: 900 });
  await sim.goto(`${stack.simUrl}/?token=${encodeURIComponent(stack.simToken)}`);
  const row = sim.locator('#licence-orders tr', { hasText: corpId });
  await expect(row).toContainText('待支付');
  await row.getByRole('button', { name: '支付' }).click();
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('未绑定');
  if (SHOTS) await sim.locator('#licence-orders').screenshot({ path: `${SHOTS}/sim-licence-orders.png` });
  await sim.close();

  await orders.getByRole('button', { name: '刷新' }).click();
  await expect(orders).toContainText('已支付');
  const codes = page.getByTestId('licence-codes');
  await expect(codes.locator('tbody tr')).toHaveCount(contact.length);
  await expect(codes).toContainText('未绑定');
  await expect(page.getByTestId('licence-free-codes')).toHaveText(`可用互通激活码 ${contact.length} 个`);

  // pick every member, confirm, activate
  await need.locator('thead .ant-checkbox-input').check();
  await need.getByRole('button', { name: `为所选 ${contact.length} 名成员激活` }).click();
  await expect(page.locator('.ant-popconfirm')).toContainText(`将为 ${contact.length} 名成员各使用 1 个互通激活码`);
  await shot(page, 'licence-activate-confirm');
  await page.locator('.ant-popconfirm').getByRole('button', { name: '批量激活' }).click();
  await expect(page.getByTestId('licence-activation-result')).toContainText(`已激活 ${contact.length} / ${contact.length} 名成员`);
  await expect(need).toContainText('有客户联系权限的成员均已激活互通账号');
  await expect(codes).toContainText('已绑定');
  await expect(codes).not.toContainText('未绑定');
  const members = page.getByTestId('licence-members');
  for (const m of contact) await expect(members.locator('tr', { hasText: m.userid })).toContainText('已激活');
  await expect(members).not.toContainText('未激活');
  await shot(page, 'licence-done');

  // WeCom agrees: every contact member holds a 互通 account
  const sims = (await stack.client.simFetch(`/control/corps/${corpId}/licences`).then((r) => r.json())).members as Array<{ contact: boolean; licensed: boolean }>;
  expect(sims.filter((m) => m.contact).every((m) => m.licensed)).toBe(true);
  const one = await drillApi(stack.serverUrl, { token, workId }, 'qw/by/qwAccount', { id: workId, userid: contact[0]!.userid });
  expect(one.list[0].licensed).toBe(true);
});

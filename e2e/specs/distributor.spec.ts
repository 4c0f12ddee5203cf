// 分销商门户 driven as people would (docs/distributors.md): an operator creates a distributor; it logs in to
// its portal with an SMS code; a new WeChat user opens its promotion link, scans the login QR and binds a
// phone (a new main account, the distributor's); the distributor sees that customer, sets 3 seats for it,
// and the account sees them on /setting/package.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, freshPhone, openLoggedIn, scanQr, serverUrl, smsCode, patient } from '../helpers';

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

test('a distributor logs in, sees the account registered through its promotion QR and sets seats for it', async ({ page, browser }) => {
  // Three browser contexts and two logins: longer than one page's flow on a shared machine.
  test.setTimeout(patient(120_000));
  await page.setViewportSize({ width: 1366, height: 800 });
  const distributorPhone = freshPhone();
  const created = await fetch(`${serverUrl}/api/admin/distributor/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': E2E_ADMIN_TOKEN },
    body: JSON.stringify({ phone: distributorPhone, name: '华东渠道分销', seatPriceFen: 36_500 }),
  });
  expect(created.status).toBe(200);

  // The portal's login: phone, 获取验证码 (then a countdown), the code from the SMS outbox.
  await page.goto('/#/distributor/login');
  const login = page.getByTestId('portal-login');
  await expect(login).toContainText('分销商登录');
  await page.getByTestId('portal-login-submit').click();
  await expect(login).toContainText('手机号不能为空');
  await page.getByTestId('portal-phone').fill(distributorPhone);
  await page.getByTestId('portal-sms-send').click();
  await expect(page.getByTestId('portal-sms-send')).toContainText(/秒后重新获取/);
  await page.getByTestId('portal-code').fill(await smsCode(distributorPhone));
  await shot(page, 'distributor-login');
  await page.getByTestId('portal-login-submit').click();
  await expect(page.getByTestId('portal-layout')).toBeVisible();
  await expect(page.getByTestId('portal-name')).toContainText('华东渠道分销');
  await expect(page.getByTestId('customer-table')).toContainText('还没有客户');
  await shot(page, 'distributor-customers-empty');

  // 推广码: the QR and the link.
  await page.getByTestId('portal-menu').getByText('推广码').click();
  await expect(page.getByTestId('promo-qr')).toBeVisible();
  const promoCode = (await page.getByTestId('promo-code').textContent())!;
  await expect(page.getByTestId('promo-url')).toContainText(`?cps=${promoCode}`);
  await shot(page, 'distributor-promotion');

  // A new WeChat user opens the promotion link (its own browser), scans the login QR and binds a phone.
  const phone = freshPhone();
  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const guest = await visitor.newPage();
  await guest.goto(`/?cps=${promoCode}`);
  const codeResponse = guest.waitForResponse((r) => r.url().endsWith('/api/account/login/gzh/code'));
  const polledWithCps = guest.waitForRequest((r) => r.url().endsWith('/api/cps/scan/callback'));
  await guest.getByTestId('login-modal').getByTestId('login-qr-toggle').click();
  const sceneCode = (await (await codeResponse).json()).data.code as string;
  expect((await polledWithCps).postDataJSON()).toEqual({ code: sceneCode, cps: promoCode });
  await scanQr(sceneCode);
  const bindPhone = guest.getByTestId('bind-phone-modal');
  await expect(bindPhone).toBeVisible({ timeout: patient(10_000) });
  await bindPhone.getByPlaceholder('请输入手机号').fill(phone);
  await bindPhone.getByTestId('sms-send').click();
  await bindPhone.getByPlaceholder('请输入验证码').fill(await smsCode(phone));
  await bindPhone.getByRole('button', { name: /确\s*定|绑定|提交/ }).click();
  await expect(guest.getByTestId('side-menu')).toBeVisible({ timeout: patient(15_000) });
  const accountToken = (await guest.evaluate(() => localStorage.getItem('token')))!;
  await visitor.close();

  // The distributor sees its new customer (5 trial seats) and sets 3 seats of 365 days.
  await page.getByTestId('portal-menu').getByText('我的客户').click();
  const row = page.getByTestId('customer-table').locator('tr', { hasText: masked(phone) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('5');
  await row.getByRole('button', { name: '设置席位' }).click();
  await page.getByRole('dialog').getByRole('spinbutton', { name: '席位数量' }).fill('3');
  await shot(page, 'distributor-set-seats');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已为客户增加 3 个席位')).toBeVisible();
  await expect(row.locator('[data-testid^="seats-"]')).toHaveText('8');
  await shot(page, 'distributor-customers');

  await page.getByTestId('portal-menu').getByText('席位记录').click();
  await expect(page.getByTestId('seat-record-table')).toContainText('分销商设置');
  await expect(page.getByTestId('seat-record-table')).toContainText(masked(phone));
  await shot(page, 'distributor-seat-records');
  await page.getByTestId('portal-menu').getByText('充值记录').click();
  await expect(page.getByTestId('recharge-table')).toContainText('暂无充值记录');
  await shot(page, 'distributor-recharges');

  // The account sees the 3 seats on 资源包.
  const account = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const console_ = await account.newPage();
  await openLoggedIn(console_, accountToken, '/setting/package');
  await expect(console_.getByTestId('seat-figure-bought')).toContainText('8');
  await shot(console_, 'distributor-customer-package');
  await account.close();

  // The portal's logout returns to its login; the console is not the portal's.
  await page.getByTestId('portal-logout').click();
  await expect(page.getByTestId('portal-login')).toBeVisible();
});

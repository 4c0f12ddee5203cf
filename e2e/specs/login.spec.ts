// The login gate driven as a person would: every mode and branch of spec §4.
import { expect, test, type Page } from '@playwright/test';
import { api, E2E_DEBUG_CODE, freshPhone, registerAccount, scanQr, smsCode, patient } from '../helpers';

const modal = (page: Page) => page.getByTestId('login-modal');

test('a guest sees only the top bar and the login dialog', async ({ page }) => {
  await page.goto('/');
  await expect(modal(page)).toBeVisible();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page.getByTestId('breadcrumbs')).toHaveCount(0);
  await expect(page.getByTestId('work-switcher')).toHaveCount(0);
});

test('empty password login shows the spec messages, a wrong one the red banner', async ({ page }) => {
  await page.goto('/');
  await modal(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(modal(page)).toContainText('账号不能为空');
  await expect(modal(page)).toContainText('密码不能为空');
  await modal(page).getByPlaceholder('请输入账号/手机号').fill('13900000000');
  await modal(page).getByPlaceholder('请输入密码').fill('wrong-password');
  await modal(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('login-error')).toContainText('账号或密码错误');
});

test('register → logged in, after binding the official account', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/');
  await modal(page).getByRole('button', { name: '注册账号' }).click();
  const card = page.getByTestId('register-card');
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: '注册', exact: true }).click();
  await expect(card).toContainText('手机号不能为空');
  await card.getByPlaceholder('请输入手机号').fill('1390000');
  await card.getByTestId('sms-send').click();
  await expect(card).toContainText('手机号格式错误');
  await card.getByPlaceholder('请输入手机号').fill(phone);
  await card.getByTestId('sms-send').click();
  await expect(page.getByText('验证码已发送，请注意查收手机短信')).toBeVisible();
  await expect(card.getByTestId('sms-send')).toBeDisabled();
  await expect(card.getByTestId('sms-send')).toContainText('秒');
  await card.getByPlaceholder('请输入验证码').fill(await smsCode(phone));
  await card.getByPlaceholder('请输入密码').fill('secret123');
  const bindCode = page.waitForResponse((r) => r.url().endsWith('/api/account/bind/gzh/code'));
  await card.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('注册成功，即将跳转')).toBeVisible();

  // After the reload a new main account must bind an official account first.
  const bind = page.getByTestId('gzh-bind-modal');
  await expect(bind).toBeVisible({ timeout: patient(15_000) });
  await expect(page.getByTestId('content')).toHaveCount(0);
  const { data } = await (await bindCode).json();
  await scanQr(data.code);
  await expect(bind).toHaveCount(0, { timeout: patient(15_000) });
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(page.url()).toContain('#/channel-qrcode/list');
});

test('password login goes to the channel code list', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await page.goto('/#/tag/list');
  await modal(page).getByPlaceholder('请输入账号/手机号').fill(account.phone);
  await modal(page).getByPlaceholder('请输入密码').fill(account.password);
  await modal(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(modal(page)).toHaveCount(0);
  await expect(page).toHaveURL(/#\/channel-qrcode\/list$/);
  await expect(page.getByTestId('content')).toContainText('渠道活码');
  await expect(page).toHaveTitle(/渠道活码/);
});

test('SMS login with the 60 s countdown', async ({ page }) => {
  // A child account with a phone that has had no SMS yet, so the server's cooldown is not running.
  const parent = await registerAccount({ bindGzh: true });
  const account = { phone: freshPhone() };
  const role = await api<{ id: number }>('account/child/permission/create', { name: '获客', permissionKeys: ['acquire'] }, parent.token);
  await api('account/child/create', { account: `sms${account.phone}`, password: 'child1234', phone: account.phone, roleId: role.id, allWorkSpaces: true, workSpaceIds: [] }, parent.token);
  await page.clock.install();
  await page.goto('/');
  await modal(page).getByRole('button', { name: '验证码登录' }).click();
  await expect(modal(page)).toContainText('验证码登录');
  await modal(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(modal(page)).toContainText('手机号不能为空');
  await expect(modal(page)).toContainText('验证码不能为空');
  await modal(page).getByPlaceholder('请输入手机号').fill(account.phone);
  const button = modal(page).getByTestId('sms-send');
  await button.click();
  await expect(page.getByText('验证码已发送，请注意查收手机短信')).toBeVisible();
  await expect(button).toBeDisabled();
  // The page's clock also runs on its own (a loaded machine once read 40 s left after the 10 s below).
  const left = async () => Number((await button.textContent())?.match(/\d+/)?.[0]);
  await expect(button).toHaveText(/\b(5\d|60)\b/);
  const before = await left();
  await page.clock.runFor(10_000);
  await expect.poll(left).toBeLessThanOrEqual(before - 10);
  await page.clock.runFor(51_000);
  await expect(button).toBeEnabled();
  await modal(page).getByPlaceholder('请输入验证码').fill(await smsCode(account.phone));
  await modal(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(modal(page)).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toContainText('渠道活码');
});

test('the server refuses a second SMS within 60 s, and says so', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await page.goto('/');
  await modal(page).getByRole('button', { name: '验证码登录' }).click();
  await modal(page).getByPlaceholder('请输入手机号').fill(account.phone);
  await modal(page).getByTestId('sms-send').click();
  await expect(page.getByTestId('login-error')).toContainText(/发送过于频繁，请\d+秒后再试/);
});

async function openQrMode(page: Page) {
  const codeResponse = page.waitForResponse((r) => r.url().endsWith('/api/account/login/gzh/code'));
  await modal(page).getByTestId('login-qr-toggle').click();
  await expect(page.getByTestId('login-qr')).toBeVisible();
  const { data } = await (await codeResponse).json();
  return data.code as string;
}

test('QR login by a registered WeChat user', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await page.goto('/');
  const code = await openQrMode(page);
  const box = await page.getByTestId('login-qr').boundingBox();
  expect(Math.round(box!.width)).toBe(160);
  expect(Math.round(box!.height)).toBe(160);
  await scanQr(code, account.openid);
  await expect(modal(page)).toHaveCount(0, { timeout: patient(10_000) });
  await expect(page).toHaveURL(/#\/channel-qrcode\/list$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('QR code expires after 10 minutes and refreshes on click', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await openQrMode(page);
  await expect(page.getByTestId('qr-expired')).toHaveCount(0);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/account/login/gzh/code'));
  await page.clock.runFor(600_000);
  await expect(page.getByTestId('qr-expired')).toBeVisible();
  await expect(page.getByTestId('qr-expired')).toContainText('二维码已失效');
  await page.getByTestId('qr-expired').click();
  await refreshed;
  await expect(page.getByTestId('qr-expired')).toHaveCount(0);
});

test('an unregistered WeChat user binds a phone, which creates the account', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/');
  const code = await openQrMode(page);
  await scanQr(code);
  const bindPhone = page.getByTestId('bind-phone-modal');
  await expect(bindPhone).toBeVisible({ timeout: patient(10_000) });

  // Cancelling fetches a new QR and polls again.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/account/login/gzh/code'));
  await bindPhone.getByRole('button', { name: '取消' }).click();
  await expect(bindPhone).toHaveCount(0);
  const second = (await (await again).json()).data.code as string;
  expect(second).not.toBe(code);
  await scanQr(second);
  await expect(bindPhone).toBeVisible({ timeout: patient(10_000) });

  await bindPhone.getByPlaceholder('请输入手机号').fill(phone);
  await bindPhone.getByTestId('sms-send').click();
  await bindPhone.getByPlaceholder('请输入验证码').fill(await smsCode(phone));
  await bindPhone.getByRole('button', { name: /确\s*定|绑定|提交/ }).click();
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: patient(15_000) });
  // Bound through the QR: no official-account binding modal.
  await expect(page.getByTestId('gzh-bind-modal')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const info = await api<{ isBindGzh: boolean; phone: string }>('account/info', {}, token!);
  expect(info).toMatchObject({ phone, isBindGzh: true });
});

test('debug login from debug_code and debug_id, and its failure', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  const { id } = await api<{ id: number }>('account/info', {}, account.token);
  await page.goto(`/?debug_code=wrong&debug_id=${id}#/channel-qrcode/list`);
  await expect(modal(page)).toBeVisible();
  await expect(page).not.toHaveURL(/debug_code/);
  await page.goto(`/?debug_code=${E2E_DEBUG_CODE}&debug_id=${id}#/tag/list`);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page).toHaveURL(/#\/channel-qrcode\/list$/);
});

test('logout revokes the token and shows the login dialog', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await page.goto('/');
  await modal(page).getByPlaceholder('请输入账号/手机号').fill(account.phone);
  await modal(page).getByPlaceholder('请输入密码').fill(account.password);
  await modal(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByTestId('user-menu').click();
  await page.getByText('退出登录').click();
  await expect(modal(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(api('account/info', {}, token!)).rejects.toThrow(/401 10401/);
});

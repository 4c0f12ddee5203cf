// 用户中心 driven in two browsers side by side: the account logs in in both, ends the other one's session
// from /user/setting (that browser meets the login modal on its next action), then changes its phone with
// the SMS code read from the simulator's inbox and logs in with the new phone.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startDrillStack, type DrillStack } from '../drill-stack';
import { patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

const SHOTS = process.env.USER_CENTRE_SHOTS;
const PASSWORD = 'centre12345';

let stack: DrillStack;
let phone = '13900000681';

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function smsCode(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { list } = (await (await stack.client.simFetch(`/sms/outbox?phone=${to}`)).json()) as { list: Array<{ code: string }> };
    if (list.length) return list[0]!.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${to}`);
}

/** A fresh browser with the account logged in through the login modal, on /user/setting. */
async function loggedIn(browser: Browser, who: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stack.serverUrl}/`);
  const modal = page.getByTestId('login-modal');
  await modal.getByPlaceholder('请输入账号/手机号').fill(who);
  await modal.getByPlaceholder('请输入密码').fill(PASSWORD);
  await modal.getByRole('button', { name: '登录', exact: true }).click();
  await expect(modal).toHaveCount(0);
  await page.goto(`${stack.serverUrl}/#/user/setting`);
  await expect(page.getByTestId('sessions-table')).toBeVisible();
  return page;
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3680, simPort: 3681 });
  await stack.client.registerAccount(phone, PASSWORD);
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a session ended from the user centre is logged out in its browser on its next action', async ({ browser }) => {
  const mine = await loggedIn(browser, phone);
  const other = await loggedIn(browser, phone);

  await mine.reload();
  const rows = mine.getByTestId('sessions-table').locator('tbody tr');
  // The two browsers, and the registration's session (made over the API; the binding scan's token replaced
  // the one that asked for it).
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('当前设备');
  await expect(mine.getByTestId('current-session')).toHaveCount(1);
  await expect(rows.first()).toContainText('Chrome');
  await expect(mine.getByTestId('gzh-state')).toHaveText('已绑定');
  await shot(mine, 'user-setting');

  // The other browser's session: the newest login that is not this one.
  const otherRow = rows.nth(1);
  await otherRow.getByTestId('session-revoke').click();
  await expect(mine.locator('.ant-modal-confirm')).toContainText('退出该设备？');
  await shot(mine, 'user-setting-revoke-confirm');
  await mine.getByTestId('session-revoke-ok').click();
  await expect(mine.getByText('已退出该设备')).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Which one went: the other browser, if its next action is refused.
  await other.getByPlaceholder('请输入昵称').fill('另一台电脑');
  await other.getByRole('button', { name: '保存', exact: true }).click();
  await expect(other.getByTestId('login-modal')).toBeVisible();
  await shot(other, 'other-browser-logged-out');

  // 退出其他设备 ends the rest; this browser stays.
  await mine.getByTestId('session-revoke-others').click();
  await mine.getByTestId('session-revoke-others-ok').click();
  await expect(rows).toHaveCount(1);
  await expect(mine.getByTestId('session-revoke-others')).toBeDisabled();
  await mine.reload();
  await expect(mine.getByTestId('login-modal')).toHaveCount(0);
  await expect(mine.getByTestId('current-session')).toHaveCount(1);
  await mine.context().close();
  await other.context().close();
});

test('the phone is changed with the code sent to the new number, and the new phone logs in', async ({ browser }) => {
  const page = await loggedIn(browser, phone);
  const card = page.getByTestId('phone-card');
  const newPhone = '13900000682';
  await card.getByPlaceholder('请输入新手机号').fill('1390000');
  await card.getByTestId('phone-sms-send').click();
  await expect(card).toContainText('手机号格式错误');
  await card.getByPlaceholder('请输入新手机号').fill(newPhone);
  await card.getByTestId('phone-sms-send').click();
  await expect(page.getByText('验证码已发送，请注意查收手机短信')).toBeVisible();
  await expect(card.getByTestId('phone-sms-send')).toBeDisabled();
  await expect(card.getByTestId('phone-sms-send')).toContainText('秒后重新获取');
  await card.getByPlaceholder('请输入验证码').fill(await smsCode(newPhone));
  await card.getByPlaceholder('请输入当前密码').fill(PASSWORD);
  await shot(page, 'user-setting-phone');
  await card.getByRole('button', { name: '更换手机号' }).click();
  await expect(page.getByText('手机号已更换，请使用新手机号登录')).toBeVisible();
  await expect(page.getByTestId('current-phone')).toHaveText(newPhone);
  await expect(page.getByTestId('account-info')).toContainText(newPhone);
  await page.context().close();

  const fresh = await loggedIn(browser, newPhone);
  await expect(fresh.getByTestId('account-info')).toContainText(newPhone);
  phone = newPhone;
  await fresh.context().close();
});

test('re-binding the official account: a new WeChat user scans, this browser keeps one session', async ({ browser }) => {
  const page = await loggedIn(browser, phone);
  await page.getByTestId('session-revoke-others').click();
  await page.getByTestId('session-revoke-others-ok').click();
  await expect(page.getByTestId('sessions-table').locator('tbody tr')).toHaveCount(1);
  const bindCode = page.waitForResponse((r) => r.url().endsWith('/api/account/bind/gzh/code'));
  await page.getByTestId('gzh-rebind').click();
  const modal = page.getByTestId('gzh-bind-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('gzh-qr')).toBeVisible();
  await shot(page, 'user-setting-rebind');
  const { data } = await (await bindCode).json();
  await stack.client.control('/control/gzh/scan', { sceneStr: data.code, openid: `o-rebind-${Date.now()}` });
  await expect(page.getByText('公众号绑定成功')).toBeVisible({ timeout: patient(15_000) });
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('gzh-state')).toHaveText('已绑定');
  // The scan's fresh session replaced this browser's: still one device, the current one, and logged in.
  const rows = page.getByTestId('sessions-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('当前设备');
  await page.reload();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('current-session')).toHaveCount(1);
  await page.context().close();
});

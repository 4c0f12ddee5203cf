// Connecting a self-built WeCom corp through the browser, then seeing its members on /staff/list.
import { expect, test } from '@playwright/test';
import { openLoggedIn, registerAccount, serverUrl, simFetch, patient } from '../helpers';

async function simCorp() {
  const res = await simFetch('/control/corps', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: '浏览器科技', size: { departments: 3, members: 6, customers: 12, groups: 2, tags: 4 } }),
  });
  const corp = (await res.json()) as { corpId: string; agentId: number | string; secret: string };
  const snap = (await (await simFetch(`/control/corps/${corp.corpId}/snapshot`)).json()) as {
    members: Array<{ userid: string; name: string }>;
  };
  return { ...corp, members: snap.members };
}

test('connect a self-built corp and see its members', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  const corp = await simCorp();
  await openLoggedIn(page, account.token, '/qw/list');
  await expect(page.getByTestId('content')).toContainText('还没有连接企业微信');
  await page.getByTestId('content').getByRole('button', { name: '连接企业微信' }).first().click();
  await expect(page).toHaveURL(/#\/qw\/list\?method=create$/);
  await expect(page.getByTestId('access-type-internal')).toContainText('自建应用');
  await expect(page.getByTestId('access-type-replace')).toContainText('代开发应用');

  const form = page.getByTestId('connect-form');
  // A wrong secret is refused with WeCom's reason.
  await form.getByLabel('企业名称').fill('浏览器科技');
  await form.getByLabel('CorpID').fill(corp.corpId);
  await form.getByLabel('AgentId').fill(String(corp.agentId));
  await form.getByLabel('Secret').fill('wrong-secret');
  await form.getByRole('button', { name: '保存并连接' }).click();
  await expect(form).toContainText('Secret 无效');

  await form.getByLabel('Secret').fill(corp.secret);
  await form.getByRole('button', { name: '保存并连接' }).click();
  const result = page.getByTestId('connect-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('callback-url')).toContainText('/api/wecom/callback/');
  await expect(page.getByTestId('callback-token')).toHaveText(/^[A-Za-z0-9]{32}$/);
  await expect(page.getByTestId('callback-aes-key')).toHaveText(/^[A-Za-z0-9]{43}$/);
  await expect(result.getByTestId('status-badges')).toContainText('接口正常');
  await result.getByRole('button', { name: '检测连接' }).click();
  await expect(result.getByTestId('status-badges')).toContainText('客户联系权限');
  await expect(result).toContainText('已同步', { timeout: patient(20_000) });
  await expect(result.getByTestId('status-badges')).not.toContainText('无客户联系权限');
  // The top-bar switcher picked up the new work space.
  await expect(page.getByTestId('work-switcher')).toContainText('浏览器科技');

  await result.getByRole('button', { name: '完成' }).click();
  const card = page.getByTestId('work-space-card');
  await expect(card).toContainText('浏览器科技');
  await expect(card).toContainText('自建应用');

  await page.goto('/#/staff/list');
  const table = page.getByTestId('member-table');
  for (const m of corp.members.slice(0, 3)) await expect(table).toContainText(m.name);
  await expect(page.getByTestId('content')).toContainText(`共 ${corp.members.length} 人`);
  await page.getByTestId('member-search').locator('input').fill(corp.members[0].userid);
  await page.getByTestId('member-search').locator('input').press('Enter');
  await expect(page.getByTestId('content')).toContainText('共 1 人');
});

test('staff list asks to connect when no work space is chosen', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token, '/staff/list');
  await expect(page.getByTestId('no-work-space')).toContainText('请先连接企业微信');
  await page.getByTestId('no-work-space').getByRole('button', { name: '连接企业微信' }).click();
  await expect(page).toHaveURL(/#\/qw\/list\?method=create$/);
});

// The install pages send the admin back to PUBLIC_URL (http://localhost:<port>), so these run there.
async function openAtPublicUrl(page: import('@playwright/test').Page, token: string, hashPath: string) {
  const origin = new URL(serverUrl.replace('127.0.0.1', 'localhost')).origin;
  await page.goto(`${origin}/`);
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
  await page.goto(`${origin}/#${hashPath}`);
  await page.reload();
}

test('connect through the provider app install page (third)', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  const corp = await simCorp();
  await openAtPublicUrl(page, account.token, '/qw/list?method=create');
  await page.getByTestId('access-type-third').click();
  await page.getByRole('button', { name: '前往企业微信授权' }).click();
  await expect(page).toHaveURL(/\/open\/3rdapp\/install\?/);
  await page.getByRole('radio', { name: new RegExp(corp.corpId) }).check();
  await page.getByRole('button', { name: '授权' }).click();
  // Back at /qw/thirdapp/callback, then the list.
  await expect(page).toHaveURL(/#\/qw\/list$/, { timeout: patient(20_000) });
  expect(new URL(page.url()).search).toBe('');
  const card = page.getByTestId('work-space-card');
  await expect(card).toContainText('第三方应用');
  await expect(card).toContainText('浏览器科技');
  await expect(card).toContainText('已同步', { timeout: patient(20_000) });
});

test('connect a 代开发 app by its authorisation link (replace)', async ({ page, context }) => {
  const account = await registerAccount({ bindGzh: true });
  const corp = await simCorp();
  await openLoggedIn(page, account.token, '/qw/list?method=create');
  await page.getByTestId('access-type-replace').click();
  const link = page.getByTestId('replace-auth-link');
  await expect(link).toHaveAttribute('href', /\/open\/customized\/install\?template_id=/);
  await expect(page.getByTestId('content')).toContainText('等待管理员授权');
  const admin = await context.newPage();
  await admin.goto((await link.getAttribute('href'))!);
  await admin.getByRole('radio', { name: new RegExp(corp.corpId) }).check();
  await admin.getByRole('button', { name: '授权' }).click();
  await expect(admin.locator('body')).toContainText('授权成功');
  await expect(page.getByTestId('content')).toContainText('授权成功，正在同步数据', { timeout: patient(15_000) });
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.getByTestId('work-space-card')).toContainText('代开发应用');
});

test('connect a corp directly with its customer-contact secret (direct)', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  const corp = await simCorp();
  await openLoggedIn(page, account.token, '/qw/list?method=create');
  await page.getByTestId('access-type-direct').click();
  await expect(page.getByTestId('access-type-direct')).toHaveAttribute('aria-checked', 'true');
  const form = page.getByTestId('connect-form');
  await form.getByLabel('企业名称').fill('直连科技');
  await form.getByLabel('CorpID').fill(corp.corpId);
  await form.getByLabel('Secret').fill(corp.secret);
  await form.getByRole('button', { name: '保存并连接' }).click();
  const result = page.getByTestId('connect-result');
  await expect(result).toContainText('已同步', { timeout: patient(20_000) });
  await expect(page.getByTestId('callback-url')).toContainText('/api/wecom/callback/');
  await result.getByRole('button', { name: '完成' }).click();
  const card = page.getByTestId('work-space-card');
  await expect(card).toContainText('直连科技');
  await expect(card).toContainText('直连');
  await page.goto('/#/staff/list');
  await expect(page.getByTestId('content')).toContainText(`共 ${corp.members.length} 人`);
});

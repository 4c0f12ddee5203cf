// The shell around the pages: layout sizes, menus per user, sub-app loading, 401 handling.
import { expect, test } from '@playwright/test';
import { SUB_APPS } from '@scrm/contracts/sub-apps';
import { api, openLoggedIn, openMenuSections, registerAccount, patient } from '../helpers';

test('desktop layout: 60 px top bar, 220 px menu, content at least 1000 px', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLoggedIn(page, account.token);
  // Measured once the logged-in layout shows (right after the reload it is still being built).
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.getByTestId('content')).toBeVisible();
  const top = await page.getByTestId('top-bar').boundingBox();
  const menu = await page.getByTestId('side-menu').boundingBox();
  const content = await page.getByTestId('content').boundingBox();
  expect(top!.height).toBe(60);
  expect(top!.y).toBe(0);
  expect(menu!.width).toBe(220);
  expect(content!.x).toBeGreaterThanOrEqual(220);
  expect(content!.width).toBeGreaterThanOrEqual(1000);
  await expect(page.getByTestId('menu-toggle')).toBeHidden();
  // Selected and open menu items follow the path; breadcrumbs come from the same menu.
  await expect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toContainText('渠道活码');
  await expect(page.getByTestId('breadcrumbs')).toContainText('获客引流');
  await expect(page.getByTestId('breadcrumbs')).toContainText('渠道活码');
  // The fixed top bar stays put when the page scrolls.
  await page.mouse.wheel(0, 500);
  expect((await page.getByTestId('top-bar').boundingBox())!.y).toBe(0);
});

test('antd is styled from its stylesheet: the shell and a sub-app look right, and the page builds no component CSS', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token);
  await expect(page.getByTestId('content')).toBeVisible();
  // The shell's selected menu item and the sub-app's primary button in antd's colours.
  const selected = page.getByTestId('side-menu').locator('.ant-menu-item-selected');
  await expect(selected).toHaveCSS('color', 'rgb(22, 119, 255)');
  await expect(selected).toHaveCSS('border-radius', '8px');
  const primary = page.getByTestId('content').locator('.ant-btn-variant-solid.ant-btn-color-primary').first();
  await expect(primary).toHaveCSS('background-color', 'rgb(22, 119, 255)');
  await expect(primary).toHaveCSS('height', '32px');
  // A popup, rendered outside the layout's nodes.
  await page.getByTestId('user-menu').click();
  await expect(page.locator('.ant-dropdown-menu').first()).toHaveCSS('box-shadow', /rgba/);
  await expect(page.locator('.ant-dropdown-menu').first()).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // antd's style engine would put each component's rules in a <style> of the page: there are only the
  // theme's variables (custom properties) there.
  const generated = await page.evaluate(() =>
    [...document.querySelectorAll('style')].flatMap((s) => (s.textContent ?? '').match(/\.ant-[\w-]+[^{}]*\{\s*(?!--)[a-z-]+\s*:[^}]*\}/g) ?? []),
  );
  expect(generated).toEqual([]);
  const variables = await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => /\.ant-btn\{--ant-button-/.test(s.textContent ?? '')));
  expect(variables).toBe(true);
});

test('narrow layout: the menu is hidden behind a toggle and opens full width', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await openLoggedIn(page, account.token);
  await expect(page.getByTestId('content')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await page.getByTestId('menu-toggle').click();
  const menu = await page.getByTestId('side-menu').boundingBox();
  expect(menu!.width).toBe(800);
  expect((await page.getByTestId('content').boundingBox())!.width).toBeGreaterThanOrEqual(1000);
  await page.getByTestId('side-menu').getByText('客户列表').click();
  await expect(page).toHaveURL(/#\/customer\/list$/);
  await expect(page.getByTestId('side-menu')).toBeHidden();
});

test('a sub-app loads as a separate remote, with its title and breadcrumbs', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token);
  await expect(page.getByTestId('content')).toBeVisible();
  // Its entry may be prefetched once the first page shows; its own files come with the visit.
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/apps/tag/assets/')));
  expect(await loaded()).toBe(false);
  await page.getByTestId('side-menu').getByText('运营').click();
  // The section slides open; a click while its items still move can land beside the item (seen on a loaded CI).
  await expect(page.getByTestId('side-menu').locator('.ant-motion-collapse')).toHaveCount(0);
  await page.getByTestId('side-menu').getByText('自动标签').click();
  await expect(page).toHaveURL(/#\/tag\/auto\/list$/);
  await expect.poll(loaded).toBe(true);
  await expect(page.getByTestId('content')).toContainText('连接企业微信后，可按来源活码');
  await expect(page).toHaveTitle(/自动标签/);
  await expect(page.getByTestId('breadcrumbs')).toContainText('运营');
  // A hidden sub-page keeps its parent selected, and the breadcrumb parent is a link.
  await page.goto('/#/tag/auto/detail');
  await expect(page.getByTestId('breadcrumbs')).toContainText('自动标签详情');
  await page.getByTestId('breadcrumbs').getByRole('link', { name: '自动标签' }).click();
  await expect(page).toHaveURL(/#\/tag\/auto\/list$/);
});

test('once the first page shows, every sub-app’s entry is fetched while the browser is idle, and none of their pages', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token);
  await expect(page.getByTestId('content')).toBeVisible();
  const fetched = () =>
    page.evaluate(() => {
      const names = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
      return {
        entries: new Set(names.filter((p) => p.endsWith('/remoteEntry.js')).map((p) => p.split('/')[2])).size,
        staffFiles: names.filter((p) => p.startsWith('/apps/staff/assets/')).length,
      };
    });
  await expect.poll(fetched, { timeout: patient(15_000) }).toEqual({ entries: SUB_APPS.length, staffFiles: 0 });
  // The visit then needs only the page's own files: the entry comes from the preload.
  await page.evaluate(() => (location.hash = '#/staff/list'));
  await expect(page.getByTestId('content')).toContainText('成员');
  await expect.poll(async () => (await fetched()).staffFiles).toBeGreaterThan(0);
  expect((await fetched()).entries).toBe(SUB_APPS.length);
});

test('an unknown sub-app shows "not found"', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token, '/no-such-app/list');
  await expect(page.getByTestId('content')).toContainText('not found');
});

test('a 401 opens the login modal, but not on a code detail page', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  const second = await api<{ token: string }>('account/login', { phone: account.phone, password: account.password });
  await openLoggedIn(page, second.token, '/channel-qrcode/detail');
  await expect(page.getByTestId('content')).toBeVisible();
  await api('account/logout', {}, second.token);
  // The work-space list is fetched by the top bar: a 401 there must not pop the modal here.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByTestId('work-switcher').click();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  // On any other page, the next call that answers 401 opens it: on the user centre, its device list's.
  await page.goto('/#/user/setting');
  await expect(page.getByTestId('login-modal')).toBeVisible();
});

test('a child account sees only its granted menu and "No Auth" elsewhere', async ({ page }) => {
  const parent = await registerAccount({ bindGzh: true });
  const account = `child${Date.now() % 1e7}`;
  const role = await api<{ id: number }>('account/child/permission/create', { name: '客户查看', permissionKeys: ['customer'] }, parent.token);
  await api('account/child/create', { account, password: 'child1234', nickname: '运营小王', roleId: role.id, allWorkSpaces: true, workSpaceIds: [] }, parent.token);
  await page.goto('/');
  const modal = page.getByTestId('login-modal');
  await modal.getByPlaceholder('请输入账号/手机号').fill(account);
  await modal.getByPlaceholder('请输入密码').fill('child1234');
  await modal.getByRole('button', { name: '登录', exact: true }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  // No official-account binding for children.
  await expect(page.getByTestId('gzh-bind-modal')).toHaveCount(0);
  await openMenuSections(page);
  await expect(menu).toContainText('客户管理');
  await expect(menu).toContainText('客户列表');
  for (const hidden of ['获客引流', '渠道活码', '客户群', '营销', '企业管理', '设置']) await expect(menu).not.toContainText(hidden);
  await expect(page.getByTestId('content')).toContainText('No Auth');
  await page.goto('/#/customer/list');
  await expect(page.getByTestId('content')).not.toContainText('No Auth');
  await expect(page.getByTestId('content')).toContainText('客户列表');
  await page.goto('/#/staff/list');
  await expect(page.getByTestId('content')).toContainText('No Auth');
  // The server refuses too, whatever the menu shows.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await expect(api('account/bind/gzh/code', {}, token!)).rejects.toThrow(/403/);
  // No connect / manage entries for children.
  await page.getByTestId('user-menu').click();
  await expect(page.getByText('企业账号管理')).toHaveCount(0);
});

test('top bar: empty work-space switcher, apps grid, user menu', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token);
  await expect(page.getByTestId('work-switcher')).toContainText('暂无企业');
  await page.getByTestId('apps-grid').click();
  await expect(page.getByRole('link', { name: /广告投放/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await expect(page.getByText('账号设置')).toBeVisible();
  await expect(page.getByText('企业账号管理')).toBeVisible();
  await page.getByText('账号设置').click();
  await expect(page).toHaveURL(/#\/user\/setting$/);
  await expect(page.getByTestId('content')).toContainText(account.phone);
});

test('the third-party pages render without layout', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  await openLoggedIn(page, account.token, '/auth/third/part');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('top-bar')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
});

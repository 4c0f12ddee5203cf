// Every page of the menu on the production build: each sub-app is built and served, every page opens
// with its title (no 「loading」 left, no console error, CSP included), and a sub-app that cannot be
// loaded says so in Chinese with a retry that works.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { walkMenu } from '@scrm/contracts/menu';
import { SUB_APPS, subAppBase } from '@scrm/contracts/sub-apps';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { stackClient } from '../../scripts/stack-client.mjs';
import { channelCodeBody, E2E_SIM_TOKEN, openAs, registerAccount, serverUrl, simUrl, patient } from '../helpers';

const root = path.resolve(import.meta.dirname, '../..');
const PRODUCT_NAME = '企微SCRM';
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Pages of the menu tree, with the title the browser tab shows. */
const PAGES = walkMenu()
  .map(({ node }) => node)
  .filter((node) => node.path)
  .map((node) => ({ path: node.path!, name: node.name }));

/** Collects console errors and uncaught exceptions (a CSP violation is a console error). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

test('the production build has a served remote entry for every sub-app', async ({ request }) => {
  const shell = await request.get('/');
  expect(shell.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  for (const app of SUB_APPS) {
    const file = path.join(root, 'apps', app.prefix.slice(1), 'dist', 'remoteEntry.js');
    expect(existsSync(file), `${file} (run node scripts/build-web.mjs)`).toBe(true);
    const res = await request.get(`${subAppBase(app)}remoteEntry.js`);
    expect(res.status(), app.name).toBe(200);
    expect(res.headers()['content-type'], app.name).toMatch(/javascript/);
  }
});

test('every page of the menu opens with its title, nothing left loading and no console error', async ({ page }) => {
  test.setTimeout(patient(300_000));
  const client = stackClient({ server: serverUrl, sim: simUrl, simToken: E2E_SIM_TOKEN });
  const account = await registerAccount({ bindGzh: true });
  const { work } = await client.connectSampleCorp(account.token, {
    name: '巡检科技',
    seed: 'pages',
    size: { departments: 2, members: 4, customers: 6, groups: 1, tags: 3 },
  });
  await client.waitForSync(account.token, work.id);
  // A channel code, so its list shows a QR image served by the simulator (the CSP must allow it).
  const inWork = async <T,>(apiPath: string, body: unknown): Promise<T> => {
    const res = await fetch(`${serverUrl}/api/${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}`, 'x-work-id': String(work.id) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (json.code !== 0) throw new Error(`${apiPath}: ${json.message}`);
    return json.data;
  };
  const [member] = (await inWork<{ list: Array<{ userid: string }> }>('qw/member/find', {})).list;
  await inWork('qw/lxw/add', channelCodeBody('巡检活码', [member!.userid]));
  // The simulated members' avatars point at WeCom's image host, which this machine may not reach.
  await page.route('https://wework.qpic.cn/**', (route) => route.fulfill({ contentType: 'image/png', body: PIXEL }));
  const errors = watchErrors(page);
  await openAs(page, serverUrl, { token: account.token, workId: work.id }, PAGES[0]!.path);
  const content = page.getByTestId('content');
  for (const { path: pagePath, name } of PAGES) {
    await test.step(`${pagePath} ${name}`, async () => {
      await page.goto(`/#${pagePath}`);
      await expect(page).toHaveTitle(`${name} - ${PRODUCT_NAME}`);
      await expect(content).toBeVisible();
      await expect(page.getByTestId('sub-app-load-error')).toHaveCount(0);
      await expect(content.getByRole('status').filter({ hasText: /^loading$/ })).toHaveCount(0);
      await expect(content).not.toContainText(/not found|Oops! Something went wrong\.|No Auth/);
      // Let the page's first requests settle before reading the console.
      await page.waitForLoadState('networkidle');
      expect(errors, `console errors on ${pagePath}`).toEqual([]);
    });
  }
  await page.goto('/#/channel-qrcode/list');
  const qr = content.locator(`img[src^="${simUrl}"]`).first();
  await expect(qr).toBeVisible();
  // Shown (its box) may come before loaded: the image's width is read until it has arrived.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  // The data centre is a sub-app of its own: 好友分析 with its totals.
  await page.goto('/#/data/customer');
  await expect(content.getByTestId('data-totals')).toContainText('新增客户');
  await page.screenshot({ path: '/tmp/scrm-data-customer.png' });
});

test('a sub-app that cannot be loaded shows why, and 「重试」 loads it', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  let missing = true;
  await page.route('**/apps/data/remoteEntry.js*', (route) =>
    missing ? route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":404,"message":"文件不存在"}' }) : route.fallback(),
  );
  await openAs(page, serverUrl, { token: account.token }, '/data/customer');
  const failed = page.getByTestId('sub-app-load-error');
  await expect(failed).toContainText('页面加载失败', { timeout: patient(5_000) });
  await expect(failed).toContainText('「数据中心」页面文件下载失败，请检查网络后重试');
  await expect(page.getByTestId('content')).not.toContainText('loading');
  await page.screenshot({ path: '/tmp/scrm-remote-failed.png' });

  missing = false;
  await page.getByTestId('sub-app-retry').click();
  await expect(page.getByTestId('content')).toContainText('好友分析');
  await expect(failed).toHaveCount(0);
  await expect(page).toHaveTitle(`好友分析 - ${PRODUCT_NAME}`);
});

test('a sub-app that does not answer gives up within seconds, and 「重试」 loads it anew', async ({ page }) => {
  const account = await registerAccount({ bindGzh: true });
  let hang = true;
  // The first request for the entry never gets an answer.
  await page.route('**/apps/data/remoteEntry.js*', (route) => (hang ? undefined : route.fallback()));
  await openAs(page, serverUrl, { token: account.token }, '/data/customer');
  const failed = page.getByTestId('sub-app-load-error');
  await expect(failed).toContainText('「数据中心」10 秒内没有加载完成', { timeout: patient(15_000) });
  hang = false;
  await page.getByTestId('sub-app-retry').click();
  await expect(page.getByTestId('content')).toContainText('好友分析');
});

// Things that happen in WeCom, made on the simulator's page as a person would, reach the console
// as real encrypted callbacks.
import { expect, test, type Page } from '@playwright/test';
import { api, openLoggedIn, registerAccount, simFetch, simPageUrl, patient } from '../helpers';

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await simFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** The customer count the member list shows for one member. */
async function customerCount(page: Page, name: string): Promise<number> {
  await page.goto('/#/staff/list');
  await page.reload();
  const search = page.getByTestId('member-search').locator('input');
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByTestId('member-table').locator('tbody tr').filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  return Number((await row.locator('td').last().innerText()).trim());
}

test('a scan on the simulator page adds a customer to the member who owns the code', async ({ page, context }) => {
  const account = await registerAccount({ bindGzh: true });
  const corp = await post<{ corpId: string; agentId: string; secret: string }>('/control/corps', {
    name: '事件科技',
    seed: 'events',
    size: { departments: 2, members: 4, customers: 10, groups: 1, tags: 3 },
  });
  const work = await api<{ id: number; callbackUrl: string; token: string; encodingAesKey: string }>(
    'qw/add',
    { accessType: 'internal', nickname: '事件科技', corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret },
    account.token,
  );
  const callback = await post<{ verified: boolean }>(`/control/corps/${corp.corpId}/callback`, {
    url: work.callbackUrl,
    token: work.token,
    encodingAesKey: work.encodingAesKey,
  });
  expect(callback.verified).toBe(true);
  await expect
    .poll(async () => (await api<{ sync: { status: string } }>('qw/info', { id: work.id }, account.token)).sync.status, { timeout: patient(20_000) })
    .toBe('done');

  await openLoggedIn(page, account.token, '/staff/list');
  const sim = await context.newPage();
  await sim.goto(simPageUrl);
  const way = sim.locator(`#way-${corp.corpId}`);
  await expect(way).toBeVisible();
  const owner = (await way.locator('option').first().innerText()).replace(/的渠道码$/, '');
  const before = await customerCount(page, owner);

  await sim.locator('tr', { has: way }).getByRole('button', { name: '新微信用户扫码' }).click();
  await expect(sim.locator('#deliveries')).toContainText('add_external_contact');
  await expect.poll(() => customerCount(page, owner), { timeout: patient(15_000) }).toBe(before + 1);
});

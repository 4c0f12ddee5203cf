// Corp tags both ways: a group made in the console shows in WeCom (the simulator's page), and a tag
// renamed on the simulator's page, as an admin would in WeCom, reaches the console through its callback.
import { expect, test, type Page } from '@playwright/test';
import { api, openLoggedIn, registerAccount, simFetch, simPageUrl, patient } from '../helpers';

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await simFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** A new account with a simulator corp connected, synced, and its callback pointed at the server. */
async function connected(name: string) {
  const account = await registerAccount({ bindGzh: true });
  const corp = await post<{ corpId: string; agentId: string; secret: string }>('/control/corps', {
    name,
    seed: 'tags',
    size: { departments: 2, members: 4, customers: 12, groups: 1, tags: 3 },
  });
  const work = await api<{ id: number; callbackUrl: string; token: string; encodingAesKey: string }>(
    'qw/add',
    { accessType: 'internal', nickname: name, corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret },
    account.token,
  );
  const callback = await post<{ verified: boolean }>(`/control/corps/${corp.corpId}/callback`, { url: work.callbackUrl, token: work.token, encodingAesKey: work.encodingAesKey });
  expect(callback.verified).toBe(true);
  await expect
    .poll(async () => (await api<{ sync: { status: string } }>('qw/info', { id: work.id }, account.token)).sync.status, { timeout: patient(20_000) })
    .toBe('done');
  return { account, corpId: corp.corpId };
}

const group = (page: Page, name: string) => page.getByTestId('tag-group').filter({ has: page.getByTestId('group-name').getByText(name, { exact: true }) });

test('a group with two tags created in the console appears in WeCom', async ({ page, context }) => {
  const { account, corpId } = await connected('标签科技');
  await openLoggedIn(page, account.token, '/tag/list');
  await expect(page.getByTestId('tag-group').first()).toBeVisible();

  await page.getByTestId('new-group').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('group-name').fill('会员层级');
  const names = dialog.getByRole('combobox');
  for (const n of ['金卡会员', '银卡会员']) {
    await names.fill(n);
    await names.press('Enter');
  }
  await dialog.getByTestId('new-group-ok').click();
  await expect(dialog).toBeHidden();
  const card = group(page, '会员层级');
  // tags of equal order come in WeCom's own order: compare as a set
  await expect.poll(async () => (await card.getByTestId('tag-name').allInnerTexts()).sort()).toEqual(['金卡会员', '银卡会员'].sort());
  await page.screenshot({ path: test.info().outputPath('tag-list.png'), fullPage: true });

  const sim = await context.newPage();
  await sim.goto(simPageUrl);
  const tags = sim.locator(`[data-tags="${corpId}"]`);
  await expect(tags).toContainText('会员层级');
  await expect(tags).toContainText('金卡会员');
  await expect(tags).toContainText('银卡会员');
});

test('a tag renamed in WeCom’s console (the simulator’s page) is renamed in the console', async ({ page, context }) => {
  const { account, corpId } = await connected('改名科技');
  await openLoggedIn(page, account.token, '/tag/list');
  const firstChip = page.getByTestId('tag-chip').first();
  await expect(firstChip).toBeVisible();
  const oldName = (await firstChip.getByTestId('tag-name').innerText()).trim();

  const sim = await context.newPage();
  await sim.goto(simPageUrl);
  // 「编辑标签」 asks which (a numbered list of groups and tags) and then the new name
  sim.on('dialog', async (d) => {
    const line = d.message().split('\n').find((l) => l.endsWith(` / ${oldName}`));
    if (line) await d.accept(line.split('.')[0]);
    else if (d.message().includes('新的名称')) await d.accept('企微里改的名');
    else await d.dismiss();
  });
  const row = sim.locator('tr', { has: sim.locator(`#way-${corpId}`) });
  await row.getByRole('button', { name: '编辑标签' }).click();
  await expect(sim.locator(`[data-tags="${corpId}"]`)).toContainText('企微里改的名');
  await expect(sim.locator('#deliveries')).toContainText('change_external_tag');

  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByTestId('tag-chip').first()).toBeVisible();
      return page.getByTestId('tag-name').allInnerTexts();
    }, { timeout: patient(15_000) })
    .toContain('企微里改的名');
  expect(await page.getByTestId('tag-name').allInnerTexts()).not.toContain(oldName);
});

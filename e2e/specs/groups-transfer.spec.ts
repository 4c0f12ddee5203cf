// 客户群 and 客户继承 driven as an operator would: a group WeCom has but never told us of appears after
// a sync from the list page, with its members on its detail page; a customer joining through the
// simulator shows in today's joins and the trend; two customers handed to another member in the
// browser, one accepting and one refusing in the simulator, and the states the page then shows.
import { expect, test, type Page } from '@playwright/test';
import { drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { patient, pickMember } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let info: { callbackUrl: string; token: string; encodingAesKey: string };

const control = <T = any>(path: string, body: unknown = {}) => stack.client.control<T>(`/control/corps/${corpId}/${path}`, body);
const snapshot = async () => (await (await stack.client.simFetch(`/control/corps/${corpId}/snapshot`)).json()) as any;

const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);

/** The group this spec makes: the simulator names its groups 城市 + topic + n (「上海新品体验群1」), never this. */
const NEW_GROUP = '内测体验官群';

/**
 * The names that pick out one person: the simulator's names repeat ("林雨桐" twice among 16 customers once
 * failed this spec), and a row filtered by a name that is part of another's finds both.
 */
const distinctNames = (snap: any): Set<string> => {
  const names: string[] = [...snap.customers, ...snap.members].map((p: any) => p.name);
  return new Set(names.filter((n) => names.filter((m) => m.includes(n)).length === 1));
};

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3530, simPort: 3531 });
  ({ token, corpId, workId, work: info } = await drillCorp(stack, { phone: '13900000931', password: 'grp12345' }, { name: '社群科技', seed: 'groups-transfer', size: { departments: 2, members: 5, customers: 16, groups: 2, tags: 2 } }));
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a sync from the list page brings a group WeCom never told us of, and its members', async ({ page }) => {
  // the group is made while no callback is configured: only a sync can find it
  await control('callback', { url: '' });
  const snap = await snapshot();
  const owner = snap.members[0];
  const customers = snap.customers.slice(0, 2).map((c: any) => c.external_userid);
  await control('group-create', { owner: owner.userid, name: NEW_GROUP, externalUserids: customers });
  await control('callback', { url: info.callbackUrl, token: info.token, encodingAesKey: info.encodingAesKey });

  await open(page, '/outer-group/list');
  // the first page of a fresh server loads its sub-app cold: room for a loaded machine
  await expect(page.getByTestId('group-name')).toHaveCount(2, { timeout: patient(30_000) });
  await expect(page.getByText(NEW_GROUP)).toHaveCount(0);
  await page.getByTestId('group-sync').click();
  await expect(page.getByText(NEW_GROUP)).toBeVisible({ timeout: patient(30_000) });
  await expect(page.getByTestId('synced-at')).toBeVisible();
  await expect(page.getByTestId('group-name')).toHaveCount(3);
  const row = page.getByRole('row').filter({ hasText: NEW_GROUP });
  await expect(row.getByTestId('group-owner')).toHaveText(owner.name);
  await expect(row.getByTestId('group-customers')).toHaveText('2');
  await expect(row.getByTestId('group-staff')).toHaveText('1');
  await page.screenshot({ path: '/tmp/scrm-groups-list.png', fullPage: true });

  await row.getByTestId('group-name').click();
  await expect(page).toHaveURL(/#\/outer-group\/detail\?id=/);
  await expect(page.getByTestId('member-name')).toHaveCount(3, { timeout: patient(20_000) });
  await expect(page.getByTestId('member-table')).toContainText(owner.name);
  await expect(page.getByTestId('member-table')).toContainText('由群成员邀请入群');
});

test('a customer joining through the simulator shows in today\'s joins and the trend', async ({ page }) => {
  const snap = await snapshot();
  const group = snap.groups.find((g: any) => g.name === NEW_GROUP);
  const inGroup = new Set(group.member_list.map((m: any) => m.userid));
  const distinct = distinctNames(snap);
  const customer = snap.customers.find((c: any) => !inGroup.has(c.external_userid) && distinct.has(c.name));
  await control('group-join', { chatId: group.chat_id, externalUserid: customer.external_userid, joinScene: 2, invitor: snap.members[1].userid });

  await open(page, '/outer-group/list');
  const row = page.getByRole('row').filter({ hasText: NEW_GROUP });
  // Reloaded until the join is counted. The row is awaited apart from the figure: on a loaded machine a
  // reload shows the list only seconds later (CI once spent all 30 s of reloads waiting for the row).
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('group-joins')).toBeVisible({ timeout: patient(20_000) });
    await expect(row.getByTestId('group-joins')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: patient(60_000) });
  await expect(row.getByTestId('group-customers')).toHaveText('3');

  await row.getByTestId('group-name').click();
  await expect(page.getByTestId('detail-joins')).toHaveText('1');
  const joined = page.getByRole('row').filter({ hasText: customer.name });
  await expect(joined).toContainText('通过群链接入群');
  await expect(joined).toContainText(snap.members[1].name);
  await expect(page.getByTestId('trend-day').last()).toHaveAttribute('data-joins', '1');
  await page.screenshot({ path: '/tmp/scrm-groups-detail.png', fullPage: true });
});

test('two customers handed to another member: one accepts, one refuses, and the page shows both', async ({ page }) => {
  const snap = await snapshot();
  const contacts = snap.members.filter((m: any) => m.customer_contact);
  const distinct = distinctNames(snap);
  const customersOf = (userid: string) => snap.customers.filter((c: any) => c.follow_user.some((f: any) => f.userid === userid));
  const handover = contacts.find((m: any) => customersOf(m.userid).filter((c: any) => distinct.has(c.name)).length >= 2);
  const takeover = contacts.find((m: any) => m.userid !== handover.userid);

  await open(page, '/customer/transfer');
  // a sub-app this stack has not shown yet, loaded cold: room for a loaded machine
  await expect(page.getByTestId('transfer-table')).toContainText('还没有分配过客户', { timeout: patient(30_000) });
  await page.getByTestId('assign-onjob').click();
  await pickMember(page, page.getByTestId('assign-handover'), handover);
  const table = page.getByTestId('assign-customers');
  await expect(table.getByTestId('assign-customer').first()).toBeVisible();
  // two customers of the dialog's first page whose names tell them apart
  const shown = (await table.getByTestId('assign-customer').allInnerTexts()).map((t) => t.trim());
  const picked = shown.filter((name) => distinct.has(name)).slice(0, 2);
  expect(picked).toHaveLength(2);
  for (const name of picked) await table.locator('tbody tr').filter({ hasText: name }).locator('input[type=checkbox]').check();
  await pickMember(page, page.getByTestId('assign-takeover'), takeover);
  await page.getByRole('button', { name: '确定分配' }).click();
  await expect(page.getByText('已发起 2 位客户的转接，等待客户接替')).toBeVisible();
  await expect(page.getByTestId('transfer-status')).toHaveText(['等待接替', '等待接替']);

  // the customers answer in WeCom
  const byName = (name: string) => customersOf(handover.userid).find((c: any) => c.name === name).external_userid;
  await control('transfer-answer', { externalUserid: byName(picked[0]!), answer: 'accept' });
  await control('transfer-answer', { externalUserid: byName(picked[1]!), answer: 'refuse' });

  // the refusal arrives as transfer_fail; the acceptance is asked for with 「刷新接替状态」
  await expect(async () => {
    await page.getByTestId('transfer-check').click();
    await expect(page.getByRole('row').filter({ hasText: picked[0]! }).getByTestId('transfer-status')).toHaveText('接替完毕', { timeout: 2_000 });
    await expect(page.getByRole('row').filter({ hasText: picked[1]! }).getByTestId('transfer-status')).toHaveText('客户拒绝', { timeout: 2_000 });
  }).toPass({ timeout: patient(30_000) });
  await expect(page.getByTestId('status-filter')).toContainText('接替完毕 1');
  await expect(page.getByTestId('status-filter')).toContainText('客户拒绝 1');
  await page.screenshot({ path: '/tmp/scrm-transfer.png', fullPage: true });

  // WeCom moved the accepted customer to the taker
  const after = await snapshot();
  const moved = after.customers.find((c: any) => c.external_userid === byName(picked[0]!));
  expect(moved.follow_user.map((f: any) => f.userid)).toContain(takeover.userid);
});

// 成员分组 driven as an operator would: a group of two members made on /staff/list, then chosen with
// 「按分组选择」 in the channel code's member picker, its members landing on the code's member list.
import { expect, test, type Page } from '@playwright/test';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { patient, pickMember } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

const SHOTS = process.env.MEMBER_GROUP_SHOTS;

let stack: DrillStack;
let token: string;
let workId: number;
let members: Array<{ userid: string; name: string }>;

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3620, simPort: 3621 });
  ({ token, workId } = await drillCorp(stack, { phone: '13900000622', password: 'group12345' }, { name: '分组科技', seed: 'mg', size: { departments: 2, members: 6, customers: 2, groups: 0, tags: 1 } }));
  members = (await api<{ list: Array<{ userid: string; name: string }> }>('qw/member/find', {})).list;
  expect(members.length).toBeGreaterThanOrEqual(3);
});

test.afterAll(async () => {
  await stack?.stop();
});

test('resting the pointer on 成员列表 asks for its members before the click, and the page shows them without asking again', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/channel-qrcode/list');
  await expect(page.getByTestId('content')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/qw/member/list') && asked.push(r.postData() ?? ''));
  const menu = page.getByTestId('side-menu');
  await menu.getByText('企业管理').click();
  await menu.getByText('成员列表').hover();
  await expect.poll(() => asked.length).toBe(1);
  expect(JSON.parse(asked[0]!)).toEqual({ page: 1, pageSize: 20 });
  await menu.getByText('成员列表').click();
  await expect(page.getByTestId('content')).toContainText(members[0]!.name);
  await page.waitForTimeout(500);
  expect(asked).toHaveLength(1);
});

test('an operator makes a 成员分组 of two members on the staff page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/staff/list');
  await page.getByRole('tab', { name: '成员分组' }).click();
  await expect(page.getByTestId('member-group-table')).toContainText('暂无成员分组');
  await page.waitForTimeout(400); // the tab's slide, for the screenshot
  await shot(page, 'staff-groups-empty');

  await page.getByTestId('member-group-add').click();
  const dialog = page.getByTestId('member-group-modal');
  await dialog.getByTestId('member-group-name').fill('华东销售组');
  await pickMember(page, page.getByTestId('member-group-members'), members[0]!, { close: true });
  await pickMember(page, page.getByTestId('member-group-members'), members[1]!, { close: true });
  await shot(page, 'staff-group-modal');
  await page.getByRole('button', { name: /保\s*存/ }).click();

  const row = page.getByTestId('member-group-table').locator('tr', { hasText: '华东销售组' });
  await expect(row).toContainText(members[0]!.name);
  await expect(row).toContainText(members[1]!.name);
  await expect(row.locator('td').nth(2)).toHaveText('2');
  await api('qw/member/group/add', { name: '客服组', userids: [members[2]!.userid] });
  await page.reload();
  await page.getByRole('tab', { name: '成员分组' }).click();
  await expect(page.getByTestId('member-group-table')).toContainText('客服组');
  await shot(page, 'staff-groups');
  const saved = (await api<{ list: Array<{ name: string; members: Array<{ userid: string }> }> }>('qw/member/group/find')).list.find((g) => g.name === '华东销售组')!;
  expect(saved.members.map((m) => m.userid)).toEqual([members[0]!.userid, members[1]!.userid]);
});

test('the group chosen in the channel code’s member picker puts its members on the code', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/channel-qrcode/create');
  const picker = page.getByTestId('member-add');
  await picker.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await picker.click();
  const option = page.locator('.ant-select-dropdown:visible [data-testid="member-group-option"]').filter({ hasText: '华东销售组' });
  await expect(option).toHaveText('华东销售组2人');
  await page.waitForTimeout(300); // the popup's fade, for the screenshot
  await shot(page, 'picker-groups');
  await option.click();
  const list = page.getByTestId('member-list-editor');
  await expect(list).toContainText(members[0]!.name);
  await expect(list).toContainText(members[1]!.name);
  await expect(list).not.toContainText(members[2]!.name);
  await expect(page.getByTestId('member-count')).toBeVisible();
  await shot(page, 'picker-after');
});

/** Opens a multiple member picker and chooses 「华东销售组」 in its 「按分组选择」 bar. */
async function pickGroupIn(page: Page, testId: string) {
  const select = page.getByTestId(testId);
  await select.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await select.click();
  await page.locator('.ant-select-dropdown:visible [data-testid="member-group-option"]').filter({ hasText: '华东销售组' }).click();
  await expect(select).toContainText(members[0]!.name);
  await expect(select).toContainText(members[1]!.name);
  await expect(select).not.toContainText(members[2]!.name);
}

test('the group chosen in a risk plan’s member picker is what the plan saves', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/setting/risk/limit/create');
  await page.getByTestId('plan-name-input').fill('华东加好友上限');
  await page.getByTestId('limit-scope').getByText('指定成员').click();
  await pickGroupIn(page, 'plan-members-select');
  await page.getByTestId('limit-daily').fill('30');
  await shot(page, 'risk-plan-group');
  await page.getByTestId('plan-submit').click();
  await expect.poll(async () => (await api<{ list: Array<{ name: string; members: Array<{ userid: string }> }> }>('qw/limit/plan/list', {})).list.find((p) => p.name === '华东加好友上限')?.members.map((m) => m.userid)).toEqual([
    members[0]!.userid,
    members[1]!.userid,
  ]);
});

test('the group chosen as a push’s senders fills the sender picker', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/push/create');
  await pickGroupIn(page, 'audience-members');
  await shot(page, 'push-senders-group');
});

// 子账号 and 功能角色 in two browsers side by side: the main account makes a role (渠道活码 to see, 客户列表
// to see) and a child given one of its two work spaces; the child, logged in in a second browser context,
// sees exactly that menu and that work space, gets "No Auth" elsewhere and a 403 from the server; disabling
// the child logs it out in its browser at its next call. A view-only child is shown no control it may not use.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { channelCodeBody, openMenuSections, pickOption, patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

const SHOTS = process.env.SUBACCOUNT_SHOTS;

let stack: DrillStack;
let token: string;
let workId: number;
let otherWorkId: number;
let childPage: Page;

const CHILD = { account: 'huadong01', nickname: '华东小李', password: 'kidpass123' };

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
/** The checkbox of a key in the role tree. */
const keyBox = (page: Page, key: string) => page.locator('.ant-tree-treenode', { has: page.getByTestId(`role-key-${key}`) }).locator('.ant-tree-checkbox');

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3640, simPort: 3641 });
  ({ token, workId } = await drillCorp(stack, { phone: '13900000640', password: 'boss123456' }, { name: '甲科技', seed: 'sub-a', size: { departments: 2, members: 3, customers: 2, groups: 0, tags: 1 } }));
  const { work } = await stack.client.connectSampleCorp(token, { name: '乙科技', seed: 'sub-b', size: { departments: 1, members: 2, customers: 1, groups: 0, tags: 1 } });
  otherWorkId = work.id;
  await stack.client.waitForSync(token, otherWorkId);
  // A code for the child to read (and not be offered to change).
  const [member] = (await api<{ list: Array<{ userid: string }> }>('qw/member/find', {})).list;
  await api('qw/lxw/add', channelCodeBody('门店海报', [member!.userid]));
});

test.afterAll(async () => {
  await childPage?.context().close();
  await stack?.stop();
});

test('the main account makes a role from the key tree', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/setting/role/list');
  await expect(page.getByTestId('roles-empty')).toContainText('还没有功能角色');
  await shot(page, 'roles-empty');
  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill('渠道与客户只读');
  await keyBox(page, 'channel-qrcode').click();
  await keyBox(page, 'customer').click();
  await shot(page, 'role-editor');
  await page.getByTestId('role-save').click();
  const row = page.getByTestId('role-table').locator('tr', { hasText: '渠道与客户只读' });
  await expect(row).toContainText('2 个页面（只读）');
  await expect(row).toContainText('未使用');
  await page.getByTestId('role-from-template').click();
  await expect(page.getByTestId('role-template-operator')).toBeVisible();
  await shot(page, 'role-templates');
  await page.keyboard.press('Escape');
  const roles = await api<{ list: Array<{ name: string; permissionKeys: string[] }> }>('account/child/permission/list');
  expect(roles.list[0]).toMatchObject({ name: '渠道与客户只读', permissionKeys: ['channel-qrcode', 'customer'] });
});

test('the main account makes a child with that role and one work space', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/setting/subaccount/list');
  await expect(page.getByTestId('children-empty')).toContainText('还没有子账号');
  await shot(page, 'children-empty');
  await page.getByTestId('child-create').click();
  await expect(page.getByTestId('child-edit')).toBeVisible();
  await page.getByTestId('child-submit').click();
  await expect(page.getByText('请输入登录账号')).toBeVisible();
  await shot(page, 'child-form-errors');
  await page.getByTestId('child-account').fill(CHILD.account);
  await page.getByTestId('child-nickname').fill(CHILD.nickname);
  await page.getByTestId('child-password-input').fill(CHILD.password);
  await pickOption(page, 'child-role', '渠道与客户只读');
  await pickOption(page, 'child-work-spaces', '甲科技');
  await shot(page, 'child-form');
  await page.getByTestId('child-submit').click();
  const row = page.getByTestId('child-table').locator('tr', { hasText: CHILD.account });
  await expect(row).toContainText('渠道与客户只读');
  await expect(row).toContainText('甲科技');
  await expect(row).not.toContainText('乙科技');
  await shot(page, 'children');
});

async function childBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${stack.serverUrl}/`);
  const modal = page.getByTestId('login-modal');
  await modal.getByPlaceholder('请输入账号/手机号').fill(CHILD.account);
  await modal.getByPlaceholder('请输入密码').fill(CHILD.password);
  await modal.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page;
}

test('the child, in a second browser, sees exactly its menu and its work space, and is refused elsewhere', async ({ browser }) => {
  childPage = await childBrowser(browser);
  const page = childPage;
  const menu = page.getByTestId('side-menu');
  await openMenuSections(page);
  for (const shown of ['获客引流', '渠道活码', '客户管理', '客户列表']) await expect(menu).toContainText(shown);
  for (const hidden of ['员工活码', '一客一码', '风控管理', '客户群', '营销', '运营', '企业管理', '设置']) await expect(menu).not.toContainText(hidden);
  const switcher = page.getByTestId('work-switcher');
  await expect(switcher).toContainText('甲科技');
  await switcher.locator('.ant-select').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText('甲科技');
  await page.keyboard.press('Escape');
  await page.goto(`${stack.serverUrl}/#/channel-qrcode/list`);
  await expect(page.getByTestId('content')).not.toContainText('No Auth');
  // view-only: the codes are read (detail, download) with no 新建, 编辑, 删除 or group changes
  await expect(page.getByTestId('code-name')).toHaveText('门店海报');
  await expect(page.getByTestId('code-search')).toBeVisible();
  await expect(page.getByTestId('code-create')).toHaveCount(0);
  await expect(page.getByTestId('code-edit')).toHaveCount(0);
  await expect(page.getByTestId('group-add')).toHaveCount(0);
  await page.getByTestId('code-more').click();
  const more = page.locator('.ant-dropdown:visible');
  await expect(more).toContainText('下载二维码');
  await expect(more).not.toContainText('删除');
  await page.keyboard.press('Escape');
  await shot(page, 'child-channel-codes');
  // view-only: the create page is closed, and so are pages outside the role
  for (const path of ['/channel-qrcode/create', '/staff-qrcode/list', '/setting/subaccount/list']) {
    await page.goto(`${stack.serverUrl}/#${path}`);
    await expect(page.getByTestId('content')).toContainText('No Auth');
  }
  await shot(page, 'child-no-auth');
  const childToken = (await page.evaluate(() => localStorage.getItem('token')))!;
  const as = { token: childToken, workId };
  await drillApi(stack.serverUrl, as, 'qw/lxw/list', {});
  await expect(drillApi(stack.serverUrl, as, 'qw/staff/code/list', {})).rejects.toThrow(/403/);
  await expect(drillApi(stack.serverUrl, as, 'qw/lxw/del', { id: 1 })).rejects.toThrow(/403/);
  await expect(drillApi(stack.serverUrl, as, 'account/child/list', {})).rejects.toThrow(/403/);
  await expect(drillApi(stack.serverUrl, { token: childToken, workId: otherWorkId }, 'qw/lxw/list', {})).rejects.toThrow(/404/);
});

test('disabling the child logs it out in its browser', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/setting/subaccount/list');
  await page.getByTestId(`child-switch-${CHILD.account}`).click();
  await expect(page.getByText('停用后该子账号立即退出登录')).toBeVisible();
  await shot(page, 'child-disable-confirm');
  await page.getByTestId('confirm-disable').click();
  await expect(page.getByTestId(`child-switch-${CHILD.account}`)).not.toBeChecked();
  // The child's next call is refused: its browser asks it to log in again.
  await childPage.goto(`${stack.serverUrl}/#/customer/list`);
  await expect(childPage.getByTestId('login-modal')).toBeVisible();
  const modal = childPage.getByTestId('login-modal');
  await modal.getByPlaceholder('请输入账号/手机号').fill(CHILD.account);
  await modal.getByPlaceholder('请输入密码').fill(CHILD.password);
  await modal.getByRole('button', { name: '登录', exact: true }).click();
  await expect(childPage.getByText('账号已被禁用')).toBeVisible();
  await shot(childPage, 'child-disabled-login');
});

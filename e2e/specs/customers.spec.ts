// 客户 driven as an operator would: customers filtered by two tags and a member, batch-tagged from the
// page and the tags seen in WeCom (the simulator); a remark edited on the record and seen in WeCom; the
// list exported to Excel and its rows counted; a child account holding only 客户 picks a 来源活码.
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { startDrillStack, type DrillStack, drillApi, drillCorp, openDrillPage } from '../drill-stack';
import { channelCodeBody, pickOption, patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

interface SimFollow {
  userid: string;
  remark: string;
  tags: Array<{ tag_id: string }>;
}
interface SimCustomer {
  external_userid: string;
  name: string;
  follow_user: SimFollow[];
}

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let member: { userid: string; name: string };
let tags: Array<{ id: string; name: string }>;
/** The relations of `member` given both of the first two tags. */
let targets: string[];

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const customers = async () => ((await (await stack.client.simFetch(`/control/corps/${corpId}/snapshot`)).json()) as { customers: SimCustomer[] }).customers;
const followOf = (list: SimCustomer[], ext: string, userid: string) => list.find((c) => c.external_userid === ext)!.follow_user.find((f) => f.userid === userid)!;

const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3560, simPort: 3561 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000566', password: 'cust12345' }, { name: '客户科技', seed: 'cust', size: { departments: 2, members: 4, customers: 12, groups: 1, tags: 4 } }));
  tags = (await api<{ list: Array<{ tags: Array<{ id: string; name: string }> }> }>('qw/tag/list')).list.flatMap((g) => g.tags);
  expect(tags.length).toBeGreaterThanOrEqual(3);
  // Two of one member's customers carry both tags (set through the console's own call), the rest one at most.
  const list = await customers();
  const userid = list[0]!.follow_user[0]!.userid;
  member = (await api<{ list: Array<{ userid: string; name: string }> }>('qw/member/find', { userids: [userid] })).list[0]!;
  const mine = list.filter((c) => c.follow_user.some((f) => f.userid === userid));
  expect(mine.length).toBeGreaterThanOrEqual(3);
  for (const [i, c] of mine.entries()) {
    const have = followOf(list, c.external_userid, userid).tags.map((t) => t.tag_id);
    const want = i < 2 ? [tags[0]!.id, tags[1]!.id] : [tags[0]!.id];
    const add = want.filter((t) => !have.includes(t));
    const remove = have.filter((t) => !want.includes(t));
    if (add.length || remove.length) await api('qw/customer/tag/mark', { externalUserid: c.external_userid, userid, addTagIds: add, removeTagIds: remove });
  }
  targets = mine.slice(0, 2).map((c) => c.external_userid);
});

test.afterAll(async () => {
  await stack?.stop();
});

test('filters by two tags and a member, batch-tags them and WeCom has the tag', async ({ page }) => {
  await open(page, '/customer/list');
  await expect(page.getByTestId('customer-table')).toBeVisible();
  const select = page.getByTestId('filter-members');
  await select.click();
  await page.keyboard.type(member.name);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option:has([data-userid="${member.userid}"])`).click();
  await page.keyboard.press('Escape');
  await pickOption(page, 'filter-tag-mode', '包含全部');
  await pickOption(page, 'filter-tags', tags[0]!.name);
  // The list's request for the whole filter and its answer: each pick writes the URL, and a write once
  // undid the one before it (the 包含全部 or the member lost, the total stuck at the wrong one).
  const both = (body: string | null) => [member.userid, tags[0]!.id, tags[1]!.id].every((v) => body?.includes(v));
  const answered = page.waitForResponse((r) => r.url().includes('/api/qw/customer/list') && both(r.request().postData()), { timeout: patient(30_000) });
  await pickOption(page, 'filter-tags', tags[1]!.name);
  // Both tags held in the filter, then its answer (a loaded CI machine once took over 10 s to give it).
  await expect(page.getByTestId('filter-tags')).toContainText(tags[0]!.name);
  await expect(page.getByTestId('filter-tags')).toContainText(tags[1]!.name);
  expect((await (await answered).json()).data.total).toBe(2);
  await expect(page.getByTestId('customer-total')).toHaveText('共 2 位客户', { timeout: patient(30_000) });
  await expect(page.getByTestId('customer-name')).toHaveCount(2);

  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await expect(page.getByTestId('selection')).toHaveText('已选择 2 位客户');
  await page.getByTestId('batch-add').click();
  await pickOption(page, 'batch-tags', tags[2]!.name);
  await page.getByTestId('batch-start').click();
  await expect(page.getByTestId('batch-progress')).toHaveAttribute('data-status', 'done', { timeout: patient(30_000) });
  await expect(page.getByTestId('batch-counts')).toHaveText('成功 2，失败 0，共 2');
  await page.screenshot({ path: '/tmp/scrm-customers-batch.png' });

  const list = await customers();
  for (const ext of targets) expect(followOf(list, ext, member.userid).tags.map((t) => t.tag_id)).toContain(tags[2]!.id);
  await page.getByTestId('batch-close').click();
  // The member's relation on each of the two now shows the tag (other members' relations keep theirs).
  await expect(page.getByTestId('row-follow').filter({ hasText: member.name }).filter({ hasText: tags[2]!.name })).toHaveCount(2);
  await page.screenshot({ path: '/tmp/scrm-customers-list.png', fullPage: true });
});

test('edits a remark on the record and WeCom has it', async ({ page }) => {
  const ext = targets[0]!;
  await open(page, `/customer/detail?id=${encodeURIComponent(ext)}`);
  const item = page.getByTestId('follow-member').filter({ hasText: member.name });
  await item.getByTestId('edit-remark').click();
  await page.getByTestId('remark-input').fill('王总-老客户');
  await page.getByTestId('mobile-add').click();
  await page.getByTestId('mobile-input').last().fill('13800001111');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId('remark-modal')).toBeHidden();
  await expect(item).toContainText('王总-老客户');
  await expect(page.getByTestId('customer-timeline')).toContainText('王总-老客户');
  const f = followOf(await customers(), ext, member.userid) as SimFollow & { remark_mobiles: string[] };
  expect(f.remark).toBe('王总-老客户');
  expect(f.remark_mobiles).toContain('13800001111');
  await page.screenshot({ path: '/tmp/scrm-customers-detail.png', fullPage: true });
});

test('exports the list to Excel and the rows are all there', async ({ page }) => {
  await open(page, '/customer/list');
  await expect(page.getByTestId('customer-table')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
  expect(download.suggestedFilename()).toMatch(/^客户列表-\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['客户名称', '类型', '性别', '企业名称']);
  const relations = (await customers()).reduce((n, c) => n + c.follow_user.length, 0);
  expect(sheet.actualRowCount - 1).toBe(relations);
});

test('a child account holding only 客户 picks a 来源活码 in the filter', async ({ page }) => {
  const code = await api<{ id: number; name: string }>('qw/lxw/add', channelCodeBody('地推海报', [member.userid]));
  const role = await api<{ id: number }>('account/child/permission/create', { name: '客户查看', permissionKeys: ['customer'] });
  await api('account/child/create', { account: 'custkid566', password: 'kidpass12', roleId: role.id, allWorkSpaces: false, workSpaceIds: [workId] });
  const kid = await stack.client.api<{ token: string }>('account/login', { phone: 'custkid566', password: 'kidpass12' });
  const asKid = { token: kid.token, workId };
  // The code pages stay closed to this child; the filter's picker is not.
  await expect(drillApi(stack.serverUrl, asKid, 'qw/lxw/list', {})).rejects.toThrow(/403/);
  await openDrillPage(page, stack.serverUrl, asKid, '/customer/list');
  await expect(page.getByTestId('customer-table')).toBeVisible();
  await page.getByTestId('filter-codes').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: code.name }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`codes=${code.id}(&|$)`));
  await expect(page.getByTestId('filter-codes')).toContainText(code.name);
});

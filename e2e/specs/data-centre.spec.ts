// 数据中心 driven as an operator would: two customers scan a channel code in the simulator and one of
// them deletes the member; /data/customer shows today's figures (2 new, 1 deleted by the customer,
// net 1), the trend, the member and the code, and the export downloads them; the customer list
// filtered to the same 添加时间 (and the same code) shows the same number of customers.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { dayKey } from '@scrm/contracts/china-time';
import { startDrillStack, type DrillStack, drillApi, drillCorp, openDrillPage } from '../drill-stack';
import { patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let member: { userid: string; name: string };

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);

const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3540, simPort: 3541 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000777', password: 'data12345' }, { name: '数据科技', seed: 'data', size: { departments: 2, members: 4, customers: 3, groups: 1, tags: 2 } }));
  member = (await api<{ list: Array<{ userid: string; name: string }> }>('qw/member/find', {})).list[0]!;
});

test.afterAll(async () => {
  await stack?.stop();
});

test('today’s figures after two scans and a deletion', async ({ page }) => {
  const code = await api<{ id: number; configId: string }>('qw/lxw/add', {
    name: '门店海报', members: [{ userid: member.userid }], distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '你好', materialIds: [] }, skipVerify: true,
  });
  const first = await stack.client.control(`/control/corps/${corpId}/scan`, { configId: code.configId, name: '周先生' });
  await stack.client.control(`/control/corps/${corpId}/scan`, { configId: code.configId, name: '吴女士' });
  await stack.client.control(`/control/corps/${corpId}/customer-deletes-member`, { userid: first.userid, externalUserid: first.externalUserid });
  const today = dayKey(Date.now());
  await expect.poll(async () => (await api('qw/data/customer/overview', { start: today, end: today })).lostByCustomer, { timeout: patient(30_000) }).toBe(1);

  await open(page, '/data/customer');
  const content = page.getByTestId('content');
  await expect(content.getByTestId('data-total-adds')).toContainText('2');
  await expect(content.getByTestId('data-total-lostByMember')).toContainText('0');
  await expect(content.getByTestId('data-total-lostByCustomer')).toContainText('1');
  await expect(content.getByTestId('data-total-net')).toContainText('1');
  await expect(content.getByTestId('data-trend').locator('svg')).toBeVisible();
  await expect(content.getByTestId('data-table-member')).toContainText(member.name);
  await expect(content.getByTestId('data-bars-member').locator('svg')).toBeVisible();
  await page.getByText('按活码', { exact: true }).click();
  await expect(content.getByTestId('data-table-code')).toContainText('门店海报');
  await expect(content.getByTestId('retention-table')).toContainText(today);
  await page.screenshot({ path: '/tmp/scrm-data-centre.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), content.getByTestId('data-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^好友分析_.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(`${today},2,0,1,1`);

  // The same day in the customer list (状态 全部): the same number of customers, overall and for the code.
  const dayAdds = Number((await content.getByTestId('data-total-adds').locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  const codeRow = content.getByTestId('data-table-code').locator('tr', { hasText: '门店海报' });
  const codeAdds = Number(await codeRow.locator('td').nth(1).innerText());
  expect(codeAdds).toBe(2);
  await open(page, `/customer/list?from=${today}&to=${today}`);
  await expect(page.getByTestId('customer-total')).toHaveText(`共 ${dayAdds} 位客户`);
  await open(page, `/customer/list?from=${today}&to=${today}&codes=${code.id}`);
  await expect(page.getByTestId('customer-total')).toHaveText(`共 ${codeAdds} 位客户`);
  await open(page, '/data/customer');

  // Another range preset asks the server again.
  await content.getByTestId('data-range').click();
  await page.getByText('近30天', { exact: true }).click();
  await expect(content.getByTestId('data-total-adds')).toContainText('2');
});

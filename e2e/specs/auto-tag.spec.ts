// 自动标签 driven as an operator would: a rule made in the browser (customers of a group get a tag, with
// 补打 for those already there), its retroactive run's progress on the detail page until done, the
// records listed, and the tags in the simulator's copy of WeCom.
import { expect, test, type Page } from '@playwright/test';
import { drillCorp, startDrillStack, type DrillStack, openDrillPage } from '../drill-stack';
import { patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;

const sim = async <T = any>(path: string): Promise<T> => (await (await stack.client.simFetch(path)).json()) as T;

const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3590, simPort: 3591 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000890', password: 'auto12345' }, { name: '自动标签科技', seed: 'autotag', size: { departments: 2, members: 5, customers: 60, groups: 2, tags: 4 } }));
});

test.afterAll(async () => {
  await stack?.stop();
});

test('an auto-tag rule is applied retroactively, with its progress shown', async ({ page }) => {
  const snap = await sim<any>(`/control/corps/${corpId}/snapshot`);
  const group = snap.groups[0];
  const inGroup = new Set(group.member_list.filter((m: any) => m.type === 2).map((m: any) => m.userid));
  const relations = snap.customers
    .filter((c: any) => inGroup.has(c.external_userid))
    .flatMap((c: any) => c.follow_user.filter((f: any) => !f.deleted_by_customer).map((f: any) => ({ externalUserid: c.external_userid, userid: f.userid })));
  expect(relations.length).toBeGreaterThan(0);

  await open(page, '/tag/auto/list');
  await expect(page.getByTestId('rules-empty')).toContainText('还没有自动标签规则');
  await page.screenshot({ path: '/tmp/scrm-auto-tag-empty.png' });
  await page.getByTestId('rule-create').click();

  await page.getByLabel('规则名称').fill('福利群客户');
  await page.getByText('按所在客户群', { exact: true }).click();
  await page.getByTestId('groups-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: group.name }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.locator('.ant-select').filter({ hasText: '选择标签' }).first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/scrm-auto-tag-edit.png', fullPage: true });
  // WeCom answers the first mark_tag calls slowly (12 s in all), so the run is seen under way; the rest at once.
  const fault = await stack.client.simFetch('/control/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'latency', corpId, path: 'externalcontact/mark_tag', ms: 4000, count: 3 }),
  });
  expect(fault.status).toBe(200);
  await page.getByTestId('rule-submit').click();

  // The detail page follows the run until it is done.
  await expect(page.getByTestId('rule-condition')).toContainText(`按所在客户群：${group.name}`);
  await expect(page.getByTestId('run-status')).toHaveText('补打中');
  await expect(page.getByTestId('run-counts')).toContainText(`符合条件 ${relations.length} 个`);
  await page.screenshot({ path: '/tmp/scrm-auto-tag-running.png' });
  await expect(page.getByTestId('run-status')).toHaveText('补打完成', { timeout: patient(60_000) });
  await expect(page.getByTestId('run-counts')).toHaveText(`符合条件 ${relations.length} 个，已处理 ${relations.length} 个，失败 0 个`);
  await expect(page.getByTestId('record-customer')).not.toHaveCount(0);
  await expect(page.getByTestId('record-table')).toContainText('补打');
  await page.screenshot({ path: '/tmp/scrm-auto-tag-detail.png', fullPage: true });
  await stack.client.simFetch('/control/faults', { method: 'DELETE' });

  const rules = await (
    await fetch(`${stack.serverUrl}/api/qw/tag/auto/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-work-id': String(workId) },
      body: '{}',
    })
  ).json();
  const tagId = rules.data.list[0].tagIds[0] as string;
  const after = await sim<any>(`/control/corps/${corpId}/snapshot`);
  for (const r of relations) {
    const follow = after.customers.find((c: any) => c.external_userid === r.externalUserid).follow_user.find((f: any) => f.userid === r.userid);
    expect(follow.tags.map((t: any) => t.tag_id)).toContain(tagId);
  }

  await open(page, '/tag/auto/list');
  await expect(page.getByTestId('rule-name')).toHaveText(['福利群客户']);
  await expect(page.getByTestId('run-progress')).toContainText('补打完成');
  await page.screenshot({ path: '/tmp/scrm-auto-tag-list.png', fullPage: true });
});

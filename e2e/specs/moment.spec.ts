// 朋友圈 driven as an operator would: a moment with two images from the material library for two
// members, made in WeCom (the simulator), both members publish from their client (the simulator's
// control API), and after the next look (the business clock moved 5 minutes) the detail and the list
// show 2 of 2 published. Screenshots of the three pages at 1366×768 go to /tmp.
import { expect, test, type Page } from '@playwright/test';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { patient, pickMember } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let members: Array<{ userid: string; name: string }>;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const as = () => ({ token, workId });
const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, as(), hashPath);

async function imageMaterial(title: string): Promise<number> {
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${title}.png`);
  const res = await fetch(`${stack.serverUrl}/api/material/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-work-id': String(workId) } });
  const { data } = (await res.json()) as { data: { fileId: number } };
  return (await drillApi<{ id: number }>(stack.serverUrl, as(), 'material/add', { type: 'image', title, fileId: data.fileId })).id;
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 4330, simPort: 4331 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000951', password: 'mom12345' }, { name: '朋友圈科技', seed: 'moment', size: { departments: 2, members: 4, customers: 8, groups: 1, tags: 2 } }));
  const snap = (await (await stack.client.simFetch(`/control/corps/${corpId}/snapshot`)).json()) as any;
  members = snap.members.filter((m: any) => m.customer_contact).map((m: any) => ({ userid: m.userid, name: m.name }));
  await imageMaterial('新品海报');
  await imageMaterial('门店实拍');
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a moment with two images published by two members in WeCom shows 2 of 2 published', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '/moment-push/list');
  await expect(page.getByTestId('moments-first')).toBeVisible({ timeout: patient(30_000) });
  await page.screenshot({ path: '/tmp/scrm-moment-list-empty.png' });

  await page.getByTestId('moment-create').first().click();
  await page.getByTestId('moment-name-input').fill('新品上市');
  await page.getByTestId('moment-text-input').fill('新品上市，到店体验有礼！');
  await page.getByTestId('moment-add-attachments').click();
  const items = page.getByTestId('material-picker-item');
  await expect(items).toHaveCount(2);
  await items.nth(0).click();
  await items.nth(1).click();
  await page.getByTestId('material-picker-ok').click();
  await expect(page.getByTestId('material-attachment')).toHaveCount(2);
  await expect(page.getByTestId('moment-preview-images').locator('img')).toHaveCount(2);
  await pickMember(page, page.getByTestId('moment-members'), members[0]!);
  await pickMember(page, page.getByTestId('moment-members'), members[1]!);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('moment-preview-text')).toHaveText('新品上市，到店体验有礼！');
  await page.screenshot({ path: '/tmp/scrm-moment-create.png' });
  await page.getByTestId('moment-form-submit').click();

  await expect(page).toHaveURL(/#\/moment-push\/detail\?id=\d+/);
  // made in WeCom and looked at once: two members, none published yet
  await expect(page.getByTestId('count-members')).toContainText('2', { timeout: patient(30_000) });
  await expect(page.getByTestId('count-published')).toContainText('0');

  const tasks = (await (await stack.client.simFetch(`/control/corps/${corpId}/moments`)).json()) as any;
  expect(tasks.list).toHaveLength(1);
  const task = tasks.list[0];
  expect(task.attachments).toEqual(['image', 'image']);
  for (const m of members.slice(0, 2)) await stack.client.control(`/control/corps/${corpId}/confirm-moment`, { jobid: task.jobid, userid: m.userid });
  // the next look comes 5 minutes later on the business clock
  await stack.client.api('test/clock', { advanceMs: 5 * 60_000 });
  await page.reload();
  await expect(page.getByTestId('count-published')).toContainText('2', { timeout: patient(30_000) });
  await expect(page.getByTestId('count-unpublished')).toContainText('0');
  await expect(page.getByTestId('member-table')).toContainText(members[0]!.name);
  await expect(page.getByTestId('member-table').getByText('已发表')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/scrm-moment-detail.png' });

  await open(page, '/moment-push/list');
  const row = page.getByRole('row').filter({ hasText: '新品上市' });
  await expect(row.getByTestId('moment-published')).toHaveText('2 / 2', { timeout: patient(30_000) });
  await expect(row.getByTestId('moment-status')).toHaveText('发送中');
  await page.screenshot({ path: '/tmp/scrm-moment-list.png' });
});

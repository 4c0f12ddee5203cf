// Customer acquisition driven as an operator would: a channel code made in the browser (two members,
// a daily cap of 2, a welcome message with an image), five scans from the simulator, then what the
// console and the simulator show — customers attributed and tagged, welcome messages received within
// WeCom's window, the first member off WeCom's list at the cap, a risk record — and the next day
// (business clock) the member back. A cron plan made in the browser takes a member off and back at
// its times.
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { dayStart, DAY_MS, weekdayOf } from '@scrm/contracts/china-time';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { channelCodeBody, pickMember, pickOption, patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let members: Array<{ userid: string; name: string }>;
let codeId: number;
let configId: string;

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const sim = async <T = any>(path: string): Promise<T> => (await (await stack.client.simFetch(path)).json()) as T;
const wayUsers = async (id: string) => ((await sim<any>(`/control/corps/${corpId}/contact-ways?configId=${id}`)).list[0]?.user ?? []) as string[];
const setClock = (at: number) => api('test/clock', { at });

const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
/** The first antd Select showing this placeholder, by its place on the page (the placeholder goes once a member is chosen). */
async function selectWith(page: Page, placeholder: string) {
  const selects = page.locator('.ant-select');
  await expect(selects.filter({ hasText: placeholder }).first()).toBeVisible();
  const texts = await selects.allInnerTexts();
  return selects.nth(texts.findIndex((t) => t.includes(placeholder)));
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3520, simPort: 3521 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000888', password: 'acq12345' }, { name: '获客科技', seed: 'acq', size: { departments: 2, members: 8, customers: 5, groups: 1, tags: 3 } }));
  members = (await api<{ list: Array<{ userid: string; name: string }> }>('qw/member/find', {})).list;
  const png = await QRCode.toBuffer('欢迎', { width: 120 });
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), '欢迎图.png');
  const up = await (await fetch(`${stack.serverUrl}/api/material/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-work-id': String(workId) }, body: form })).json();
  await api('material/add', { type: 'image', title: '门店欢迎图', fileId: up.data.fileId });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('an operator makes a channel code in the browser', async ({ page }) => {
  await open(page, '/channel-qrcode/create');
  await page.getByLabel('活码名称').fill('门店海报');
  const adder = await selectWith(page, '搜索并添加成员');
  const row = (m: { userid: string }) => page.locator(`[data-testid="member-row"][data-userid="${m.userid}"]`);
  await pickMember(page, adder, members[0]!, { chosen: row(members[0]!), close: true });
  await pickMember(page, adder, members[1]!, { chosen: row(members[1]!), close: true });
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  await page.getByText('按顺序分配', { exact: true }).click();
  await page.locator('#dailyCap').fill('2');
  const [firstTag] = (await api<{ list: Array<{ tags: Array<{ name: string }> }> }>('qw/tag/list')).list.flatMap((g) => g.tags);
  await pickOption(page, 'tag-select', firstTag!.name);
  await page.getByPlaceholder(/欢迎语/).first().fill('您好，欢迎光临！到店出示此消息可领取礼品。');
  await page.getByRole('button', { name: '添加附件' }).click();
  const picker = page.getByRole('dialog').filter({ hasText: '选择素材' });
  await picker.getByText('门店欢迎图').click();
  await picker.getByRole('button', { name: '确定' }).click();
  await page.getByRole('button', { name: '创建活码' }).click();
  await expect(page).toHaveURL(/channel-qrcode\/detail\?id=\d+/, { timeout: patient(20_000) });
  codeId = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
  const code = await api<{ configId: string; dailyCap: number; distribution: string; welcome: { materialIds: number[] }; tagIds: string[] }>('qw/lxw/info', { id: codeId });
  expect(code).toMatchObject({ dailyCap: 2, distribution: 'in_order' });
  expect(code.welcome.materialIds).toHaveLength(1);
  expect(code.tagIds).toHaveLength(1);
  configId = code.configId;
  expect(await wayUsers(configId)).toEqual([members[0]!.userid]);
});

test('five scans: attributed, tagged, welcomed in time; the first member leaves WeCom’s list at the cap', async ({ page }) => {
  const scanned: Array<{ externalUserid: string; userid: string; at: number }> = [];
  for (let i = 0; i < 5; i++) {
    const r = await stack.client.control(`/control/corps/${corpId}/scan`, { configId });
    scanned.push({ externalUserid: r.externalUserid, userid: r.userid, at: Date.now() });
    // Let the chain move the list before the next customer scans.
    await expect.poll(async () => (await api<{ total: number }>('qw/lxw/customer/list', { id: codeId })).total, { timeout: patient(15_000) }).toBe(i + 1);
    await expect.poll(async () => (await api<{ list: Array<{ welcomeStatus: string }> }>('qw/lxw/customer/list', { id: codeId })).list[0]!.welcomeStatus, { timeout: patient(20_000) }).not.toBe('pending');
  }
  expect(scanned.slice(0, 2).every((s) => s.userid === members[0]!.userid)).toBe(true);
  expect(scanned[2]!.userid).toBe(members[1]!.userid);
  // The simulator's contact way: the first member taken off at the cap.
  const way = (await sim<any>(`/control/corps/${corpId}/contact-ways?configId=${configId}`)).list[0];
  expect(way.history.map((h: any) => h.user)).toContainEqual([members[1]!.userid]);
  expect(way.user).not.toContain(members[0]!.userid);
  // WeCom received every welcome message within 20 s of its add, with the image.
  const welcomes = (await sim<any>(`/control/corps/${corpId}/welcome-messages`)).list;
  for (const s of scanned) {
    const w = welcomes.find((m: any) => m.externalUserid === s.externalUserid);
    expect(w, s.externalUserid).toBeTruthy();
    expect(w.sentAt - s.at).toBeLessThan(20_000);
    expect(w.attachments.map((a: any) => a.msgtype)).toEqual(['image']);
  }
  // Tagged on WeCom.
  const tagId = (await api<{ tagIds: string[] }>('qw/lxw/info', { id: codeId })).tagIds[0];
  const snap = await sim<any>(`/control/corps/${corpId}/snapshot`);
  for (const s of scanned) {
    const follow = snap.customers.find((c: any) => c.external_userid === s.externalUserid).follow_user.find((f: any) => f.userid === s.userid);
    expect(follow.tags.map((t: any) => t.tag_id)).toContain(tagId);
  }

  // What the console shows.
  await open(page, `/channel-qrcode/detail?id=${codeId}`);
  const row = page.getByTestId('member-table').locator('tr').filter({ hasText: members[0]!.name });
  await expect(row).toContainText('今日已达上限');
  await page.getByRole('tab', { name: '客户明细' }).click();
  await expect(page.getByTestId('customers-tab').getByText('已发送')).toHaveCount(5);
  await open(page, '/setting/risk');
  await expect(page.getByRole('row').filter({ hasText: members[0]!.name }).filter({ hasText: '活码每日上限' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: members[0]!.name }).getByText('恢复上线')).toBeVisible();
});

test('the next day the capped member is back on the code', async ({ page }) => {
  await setClock(dayStart(Date.now()) + DAY_MS + 60_000);
  await expect.poll(() => wayUsers(configId), { timeout: patient(15_000) }).toEqual([members[0]!.userid]);
  await open(page, `/channel-qrcode/detail?id=${codeId}`);
  const row = page.getByTestId('member-table').locator('tr').filter({ hasText: members[0]!.name });
  await expect(row).toContainText('接待中');
  await open(page, '/setting/risk');
  await expect(page.getByRole('row').filter({ hasText: members[0]!.name }).filter({ hasText: '新的一天' }).first()).toBeVisible();
});

test('a cron plan made in the browser takes a member off outside its hours and back at its start', async ({ page }) => {
  const [c, d] = [members[2]!, members[3]!];
  const other = await api<{ configId: string }>('qw/lxw/add', channelCodeBody('官网咨询', [c.userid, d.userid], { distribution: 'random' }));
  expect((await wayUsers(other.configId)).sort()).toEqual([c.userid, d.userid].sort());

  await open(page, '/setting/risk/cron/create');
  await page.getByLabel('计划名称').fill('工作日白班');
  await pickMember(page, await selectWith(page, '选择成员'), c, { close: true });
  await page.getByRole('button', { name: /添加时间段/ }).first().click();
  await page.getByRole('button', { name: '创建计划' }).click();
  await expect(page).toHaveURL(/setting\/risk/, { timeout: patient(15_000) });

  // Saturday 10:00 (China time): outside Monday–Friday 09:00–18:00.
  let t = dayStart(Date.now()) + 2 * DAY_MS;
  while (weekdayOf(t) !== 6) t += DAY_MS;
  await setClock(t + 10 * 3_600_000);
  await expect.poll(() => wayUsers(other.configId), { timeout: patient(15_000) }).toEqual([d.userid]);
  // Monday 10:00: back.
  await setClock(t + 2 * DAY_MS + 10 * 3_600_000);
  await expect.poll(async () => (await wayUsers(other.configId)).sort(), { timeout: patient(15_000) }).toEqual([c.userid, d.userid].sort());
  await open(page, '/setting/risk');
  const rows = page.getByRole('row').filter({ hasText: c.name }).filter({ hasText: '定时上下线' });
  await expect(rows.filter({ hasText: '下线' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: '上线' }).first()).toBeVisible();
});

test('a one-customer-one-code batch made in the browser: each add lands on exactly its lead', async ({ page }) => {
  await open(page, '/customer-qrcode/edit');
  await page.getByPlaceholder('请输入批次名称').fill('展会名单');
  await pickMember(page, await selectWith(page, '选择成员'), members[4]!, { close: true });
  await page.getByRole('button', { name: '批量粘贴' }).click();
  await page.getByRole('dialog').locator('textarea').fill('王女士\t13800000001\t展位A\n李先生\t13800000002\t展位B\n赵女士\t13800000003\t展位C');
  await page.getByTestId('paste-confirm').click();
  await expect(page.getByTestId('lead-count')).toContainText('3');
  await page.getByTestId('batch-submit').click();
  await expect(page).toHaveURL(/customer-qrcode\/detail\?id=\d+/, { timeout: patient(20_000) });
  const batchId = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));

  type LeadRow = { id: number; name: string; state: string; status: string; userid: string | null };
  const leads = async () => (await api<{ list: LeadRow[] }>('qw/customer/code/lead/list', { batchId })).list;
  await expect.poll(async () => (await leads()).map((l) => l.status).sort(), { timeout: patient(20_000) }).toEqual(['waiting', 'waiting', 'waiting']);
  const li = (await leads()).find((l) => l.name === '李先生')!;
  const scan = await stack.client.control(`/control/corps/${corpId}/scan`, { state: li.state });
  expect(scan.userid).toBe(members[4]!.userid);
  await expect.poll(async () => (await leads()).filter((l) => l.status === 'added').map((l) => l.name), { timeout: patient(15_000) }).toEqual(['李先生']);

  await page.reload();
  const table = page.locator('tr').filter({ hasText: '李先生' });
  await expect(table).toContainText('已添加');
  await expect(table).toContainText(members[4]!.name);
  for (const name of ['王女士', '赵女士']) await expect(page.locator('tr').filter({ hasText: name })).toContainText('待添加');
});

// 群发 driven as an operator would: a push to the customers of a tag with an image from the library,
// made in the browser with its live count; WeCom (the simulator) holds one task per sending member with
// each customer once; the members confirm in the simulator and, at the next tracking read (business
// clock), the console shows every customer delivered, the members sent and the figures, and exports
// the results. A push sent now is cancelled from its detail; a scheduled one starts at its time.
// Needs the push server (/api/qw/push/*) and the simulator's mass messages (confirm-mass-send-all).
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import { CHINA_OFFSET_MS } from '@scrm/contracts/china-time';
import { drillApi, drillCorp, openDrillPage, startDrillStack, type DrillStack } from '../drill-stack';
import { pickOption, patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(180_000) });

interface SimFollow {
  userid: string;
  tags: Array<{ tag_id: string }>;
  deleted_by_customer?: boolean;
}
interface SimCustomer {
  external_userid: string;
  follow_user: SimFollow[];
}
interface SimMass {
  msgid: string;
  text: string;
  attachments: number;
  cancelled: boolean;
  members: Array<{ userid: string; status: number; targets: string[]; results: number[] | null }>;
}

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let tag: { id: string; name: string };
/** The customers with a live relation carrying the tag: who the push must reach, each once. */
let tagged: string[];

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const sim = async <T = any>(path: string): Promise<T> => (await (await stack.client.simFetch(path)).json()) as T;
const massMessages = async () => (await sim<{ list: SimMass[] }>(`/control/corps/${corpId}/mass-messages`)).list;
const setClock = (at: number) => api('test/clock', { at });
const open = (page: Page, hashPath: string) => openDrillPage(page, stack.serverUrl, { token, workId }, hashPath);
/** What the date picker shows for an instant: its Beijing wall clock. */
const chinaWall = (t: number) => new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3600, simPort: 3601 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000600', password: 'push12345' }, { name: '群发科技', seed: 'push', size: { departments: 2, members: 5, customers: 40, groups: 2, tags: 4 } }));
  const snap = await sim<{ customers: SimCustomer[] }>(`/control/corps/${corpId}/snapshot`);
  const tags = (await api<{ list: Array<{ tags: Array<{ id: string; name: string }> }> }>('qw/tag/list')).list.flatMap((g) => g.tags);
  const holders = (id: string) => snap.customers.filter((c) => c.follow_user.some((f) => !f.deleted_by_customer && f.tags.some((t) => t.tag_id === id))).map((c) => c.external_userid);
  // The tag most customers carry, so the push has several members and customers.
  tag = tags.map((t) => ({ ...t, n: holders(t.id).length })).sort((a, b) => b.n - a.n)[0]!;
  tagged = holders(tag.id);
  expect(tagged.length).toBeGreaterThan(1);

  const png = await QRCode.toBuffer('双十一', { width: 160 });
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), '海报.png');
  const up = await (await fetch(`${stack.serverUrl}/api/material/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-work-id': String(workId) }, body: form })).json();
  await api('material/add', { type: 'image', title: '双十一海报', fileId: up.data.fileId });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('a push to a tag with an image reaches each tagged customer once the members confirm', async ({ page }) => {
  await open(page, '/push/list');
  await expect(page.getByTestId('push-empty')).toContainText('还没有群发');
  await page.getByTestId('push-create').click();

  await page.getByTestId('push-name-input').fill('双十一活动通知');
  await pickOption(page, 'audience-tags', tag.name);
  await expect(page.getByTestId('push-reach-count')).toContainText(`预计送达 ${tagged.length} 位客户`);

  await page.getByTestId('welcome-text').fill('双十一全场五折，欢迎到店选购');
  await page.getByTestId('welcome-add-attachment').click();
  await page.locator('.ant-modal:visible').getByText('双十一海报').first().click();
  await page.locator('.ant-modal:visible .ant-btn-primary').click();
  await expect(page.getByTestId('welcome-preview-attachment')).toHaveCount(1);
  await page.getByTestId('push-submit').click();

  // The detail page: sending; one WeCom task per sending member, each customer in exactly one.
  await expect(page.getByTestId('push-summary').getByTestId('push-status')).toHaveText('发送中');
  const id = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
  await expect
    .poll(async () => {
      const d = await api<{ tasks: number; tasksCreated: number }>('qw/push/detail', { id });
      return d.tasks > 0 && d.tasksCreated === d.tasks;
    }, { timeout: patient(30_000) })
    .toBe(true);
  const msgs = (await massMessages()).filter((m) => m.text === '双十一全场五折，欢迎到店选购');
  expect(msgs.length).toBeGreaterThan(0);
  expect(msgs.every((m) => m.attachments === 1)).toBe(true);
  const senders = msgs.flatMap((m) => m.members);
  const sentTo = senders.flatMap((m) => m.targets);
  expect(new Set(sentTo).size).toBe(sentTo.length);
  expect([...sentTo].sort()).toEqual([...tagged].sort());
  const memberCount = new Set(senders.map((m) => m.userid)).size;
  await expect(page.getByTestId('member-status')).toHaveCount(memberCount);
  await expect(page.getByTestId('member-status').filter({ hasText: '未发送' })).toHaveCount(memberCount);

  // The members confirm in their WeCom client (the simulator's 全部确认); the next read finds it.
  const confirmed = await stack.client.control<{ confirmed: number }>(`/control/corps/${corpId}/confirm-mass-send-all`, {});
  expect(confirmed.confirmed).toBe(senders.length);
  await setClock(Date.now() + 6 * 60_000);
  await expect(page.getByTestId('member-status').filter({ hasText: '已发送' })).toHaveCount(memberCount, { timeout: patient(30_000) });
  await expect(page.getByTestId('push-figures')).toContainText(`已送达${tagged.length}`);
  await page.getByRole('tab', { name: '客户送达情况' }).click();
  await expect(page.getByTestId('target-status').first()).toHaveText('已送达');
  await page.screenshot({ path: '/tmp/scrm-push-detail.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('target-export').click()]);
  expect(download.suggestedFilename()).toBe('群发结果-双十一活动通知.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  expect(book.worksheets[0]!.actualRowCount - 1).toBe(tagged.length);

  await open(page, '/push/list');
  const row = page.getByRole('row').filter({ hasText: '双十一活动通知' });
  await expect(row.getByTestId('push-counts')).toContainText(`已送达${tagged.length}`);
});

test('a push sent now is cancelled from its detail, and WeCom stops it', async ({ page }) => {
  const push = await api<{ id: number }>('qw/push/add', { name: '清仓通知', chatType: 'single', audience: {}, content: { text: '清仓大促', materialIds: [] }, sendAt: null });
  await expect.poll(async () => (await api<{ tasks: number; tasksCreated: number }>('qw/push/detail', { id: push.id })).tasksCreated, { timeout: patient(30_000) }).toBeGreaterThan(0);
  await open(page, `/push/detail?id=${push.id}`);
  await page.getByTestId('push-cancel').click();
  await page.getByTestId('push-cancel-ok').click();
  await expect(page.getByTestId('push-summary').getByTestId('push-status')).toHaveText('已取消', { timeout: patient(30_000) });
  const mine = (await massMessages()).filter((m) => m.text === '清仓大促');
  expect(mine.length).toBeGreaterThan(0);
  await expect.poll(async () => (await massMessages()).filter((m) => m.text === '清仓大促').every((m) => m.cancelled), { timeout: patient(30_000) }).toBe(true);
});

test('a scheduled push waits, then starts at its time (business clock)', async ({ page }) => {
  const at = Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000;
  await open(page, '/push/create');
  await page.getByTestId('push-name-input').fill('周末新品预告');
  await page.getByTestId('welcome-text').fill('周末新品上架');
  await page.getByText('定时发送', { exact: true }).click();
  await page.getByTestId('push-send-at').click();
  await page.keyboard.type(chinaWall(at));
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  await page.getByTestId('push-submit').click();
  await expect(page.getByTestId('push-summary').getByTestId('push-status')).toHaveText('待发送');
  await expect(page.getByTestId('push-summary')).toContainText(`定时 ${chinaWall(at)}`);
  expect((await massMessages()).some((m) => m.text === '周末新品上架')).toBe(false);

  await setClock(at + 60_000);
  await expect(page.getByTestId('push-summary').getByTestId('push-status')).toHaveText('发送中', { timeout: patient(30_000) });
  await expect.poll(async () => (await massMessages()).some((m) => m.text === '周末新品上架'), { timeout: patient(30_000) }).toBe(true);
});

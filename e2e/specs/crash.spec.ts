// Fault drill: the server is killed (kill -9) between a customer's add event and the welcome message.
// After a restart the message goes out exactly once — also when the kill hit while WeCom was taking
// it — or, when WeCom's 20-second window has passed, it is recorded as missed and never sent.
// The console shows what happened to each customer; the simulator shows what WeCom received.
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { drillApi, drillCorp, startDrillStack, type DrillStack } from '../drill-stack';
import { channelCodeBody, patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(240_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;
let code: { id: number; configId: string };  // greets by nickname, with an image
let plainCode: { id: number; configId: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);

const control = (path: string, body?: unknown) => stack.client.control(path, body);
const sentCalls = async (path: string) => ((await (await stack.client.simFetch(`/control/calls?corpId=${corpId}`)).json()) as any).calls[path] ?? 0;
const welcomesTo = async (externalUserid: string) =>
  ((await (await stack.client.simFetch(`/control/corps/${corpId}/welcome-messages?externalUserid=${externalUserid}`)).json()) as any).list.length;

async function addOf(codeId: number, externalUserid: string) {
  const { list } = await api<{ list: Array<{ externalUserid: string; welcomeStatus: string; welcomeError: string | null }> }>('qw/lxw/customer/list', { id: codeId, pageSize: 100 });
  return list.find((a) => a.externalUserid === externalUserid);
}

test.beforeAll(async () => {
  stack = await startDrillStack({ port: 3510, simPort: 3511 });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000777', password: 'drill1234' }, { name: '演练科技', seed: 'drill', size: { departments: 2, members: 4, customers: 5, groups: 1, tags: 2 } }));
  const members = (await api<{ list: Array<{ userid: string }> }>('qw/member/find', {})).list;
  plainCode = await api('qw/lxw/add', channelCodeBody('故障演练', [members[0]!.userid], { welcome: { text: '您好，欢迎关注演练科技！', materialIds: [] } }));
  // A code whose welcome greets by nickname and carries an image (uploaded to WeCom when saved).
  const png = await QRCode.toBuffer('drill', { width: 100 });
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'drill.png');
  const up = await (await fetch(`${stack.serverUrl}/api/material/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-work-id': String(workId) }, body: form })).json();
  const image = await api<{ id: number }>('material/add', { type: 'image', title: '演练图片', fileId: up.data.fileId });
  code = await api('qw/lxw/add', channelCodeBody('带图片欢迎语', [members[1]!.userid], { welcome: { text: '#客户昵称#您好，这是我们的介绍图', materialIds: [image.id] } }));
});

test.afterAll(async () => {
  await stack?.stop();
});

test('killed while WeCom takes the welcome message: after restart the customer has it exactly once', async () => {
  await control('/control/faults', { corpId, path: 'externalcontact/send_welcome_msg', kind: 'latency', ms: 3000, count: 1 });
  const before = await sentCalls('externalcontact/send_welcome_msg');
  const scan = await control(`/control/corps/${corpId}/scan`, { configId: plainCode.configId });
  // The server's call has reached WeCom, which answers only after 3 s: kill the server now.
  await expect.poll(() => sentCalls('externalcontact/send_welcome_msg'), { timeout: patient(15_000) }).toBeGreaterThan(before);
  await stack.killServer();
  // WeCom finishes taking the message while the server starts again.
  await stack.startServer();
  await expect.poll(async () => (await addOf(plainCode.id, scan.externalUserid))?.welcomeStatus, { timeout: patient(20_000) }).toBe('sent');
  expect(await welcomesTo(scan.externalUserid)).toBe(1);
});

test('killed before the welcome went out, back within 20 s: it goes out once', async () => {
  await control('/control/faults', { corpId, path: 'externalcontact/send_welcome_msg', kind: 'busy' });
  const before = await sentCalls('externalcontact/send_welcome_msg');
  const scan = await control(`/control/corps/${corpId}/scan`, { configId: plainCode.configId });
  await expect.poll(() => sentCalls('externalcontact/send_welcome_msg'), { timeout: patient(15_000) }).toBeGreaterThan(before);
  await stack.killServer();
  await stack.client.simFetch('/control/faults', { method: 'DELETE' });
  expect(await welcomesTo(scan.externalUserid)).toBe(0);
  await stack.startServer();
  await expect.poll(async () => (await addOf(plainCode.id, scan.externalUserid))?.welcomeStatus, { timeout: patient(20_000) }).toBe('sent');
  expect(await welcomesTo(scan.externalUserid)).toBe(1);
});

test('killed before the welcome went out, back after the window: recorded as missed, never sent late', async ({ page }) => {
  // Reading the new customer's nickname for 「#客户昵称#」 precedes the message: it hangs, the server dies.
  await control('/control/faults', { corpId, path: 'externalcontact/get', kind: 'latency', ms: 5000 });
  const before = await sentCalls('externalcontact/get');
  const sendsBefore = await sentCalls('externalcontact/send_welcome_msg');
  const scannedAt = Date.now();
  const scan = await control(`/control/corps/${corpId}/scan`, { configId: code.configId });
  await expect.poll(() => sentCalls('externalcontact/get'), { timeout: patient(15_000) }).toBeGreaterThan(before);
  await stack.killServer();
  await stack.client.simFetch('/control/faults', { method: 'DELETE' });
  await sleep(Math.max(0, scannedAt + 21_000 - Date.now()));
  await stack.startServer();
  await expect.poll(async () => (await addOf(code.id, scan.externalUserid))?.welcomeStatus, { timeout: patient(20_000) }).toBe('missed');
  expect((await addOf(code.id, scan.externalUserid))?.welcomeError).toContain('20 秒');
  expect(await welcomesTo(scan.externalUserid)).toBe(0);
  // Not even tried late.
  expect(await sentCalls('externalcontact/send_welcome_msg')).toBe(sendsBefore);

  // What the operator sees: the customer list of the code says so.
  await page.goto(`${stack.serverUrl}/`);
  await page.evaluate(([t, w]) => {
    window.localStorage.setItem('token', t);
    window.localStorage.setItem('work_id', w);
  }, [token, String(workId)]);
  await page.goto(`${stack.serverUrl}/#/channel-qrcode/detail?id=${code.id}`);
  await page.reload();
  await page.getByRole('tab', { name: '客户明细' }).click();
  await expect(page.getByText('超时未发送').first()).toBeVisible({ timeout: patient(15_000) });
});

// Fault drill for 群发: the server is killed (kill -9) while it plans a push (targets and tasks written,
// the image being uploaded), while it makes the WeCom tasks — with add_msg_template calls in flight that
// WeCom completes after the server died — and while it reads the results. After each restart it carries on: each customer is in exactly one of the
// simulator's tasks, every task of the console is one WeCom message, and every result is read.
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { drillApi, drillCorp, startDrillStack, type DrillStack } from '../drill-stack';
import { patient } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: patient(300_000) });

let stack: DrillStack;
let token: string;
let corpId: string;
let workId: number;

const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, { token, workId }, path, body);
const control = (path: string, body?: unknown) => stack.client.control(path, body);
const calls = async () => ((await (await stack.client.simFetch(`/control/calls?corpId=${corpId}`)).json()) as any).calls as Record<string, number>;
const messages = async (text: string) =>
  (((await (await stack.client.simFetch(`/control/corps/${corpId}/mass-messages`)).json()) as any).list as Array<{ msgid: string; text: string; members: Array<{ userid: string; targets: string[] }> }>).filter(
    (m) => m.text === text,
  );
const clock = (advanceMs: number) => stack.client.api('test/clock', { advanceMs });

/** Waits until every task of the push is made; then each is one simulator message and each customer is in exactly one. */
async function everyTaskMadeOnce(id: number, text: string, targets: number) {
  await expect
    .poll(async () => {
      const d = await api('qw/push/detail', { id });
      return d.tasks > 0 && d.tasksCreated === d.tasks;
    }, { timeout: patient(120_000) })
    .toBe(true);
  const detail = await api('qw/push/detail', { id });
  const made = await messages(text);
  expect(made.length).toBe(detail.tasks);
  const seen = new Map<string, number>();
  for (const m of made) for (const u of m.members) for (const c of u.targets) seen.set(c, (seen.get(c) ?? 0) + 1);
  expect(seen.size).toBe(targets);
  expect([...seen.values()].every((n) => n === 1)).toBe(true);
  return detail;
}

test.beforeAll(async () => {
  const port = Number(process.env.E2E_DRILL_PORT ?? 4112);
  stack = await startDrillStack({ port, simPort: port + 1, env: { PUSH_TASK_MAX_CUSTOMERS: '3', JOB_LEASE_MS: '3000' } });
  ({ token, corpId, workId } = await drillCorp(stack, { phone: '13900000778', password: 'drill1234' }, { name: '群发演练', seed: 'push-drill', size: { departments: 2, members: 4, customers: 60, groups: 1, tags: 2 } }));
});

test.afterAll(async () => {
  await stack?.stop();
});

test('killed while making the tasks and again while reading the results: each customer in exactly one task, every result read', async () => {
  const text = '演练群发：每位客户只收到一次';
  const reach = await api<{ targets: number; members: number; overCap: number }>('qw/push/reach', { chatType: 'single', audience: {} });
  expect(reach.targets).toBeGreaterThan(20);

  // WeCom takes a second over each task: the server dies with calls in flight, which WeCom completes.
  await control('/control/faults', { corpId, path: 'externalcontact/add_msg_template', kind: 'latency', ms: 1000 });
  const { id } = await api<{ id: number }>('qw/push/add', { name: '演练群发', chatType: 'single', audience: {}, content: { text, materialIds: [] }, sendAt: null });
  await expect.poll(async () => (await calls())['externalcontact/add_msg_template'] ?? 0, { timeout: patient(30_000) }).toBeGreaterThanOrEqual(4);
  await stack.killServer();
  await new Promise((r) => setTimeout(r, 1500));
  const madeWhileDead = (await messages(text)).length;
  expect(madeWhileDead).toBeGreaterThan(0);
  await stack.client.simFetch('/control/faults', { method: 'DELETE' });
  await stack.startServer();

  const detail = await everyTaskMadeOnce(id, text, reach.targets);

  // the calls cut off by the kill were looked for (and adopted), not made again
  expect((await calls())['externalcontact/get_groupmsg_list_v2'] ?? 0).toBeGreaterThanOrEqual(1);

  // Members confirm; tracking is slowed by WeCom and the server dies while it reads.
  await control(`/control/corps/${corpId}/confirm-mass-send-all`, {});
  await control('/control/faults', { corpId, path: 'externalcontact/get_groupmsg_send_result', kind: 'latency', ms: 700 });
  const before = (await calls())['externalcontact/get_groupmsg_send_result'] ?? 0;
  await clock(5 * 60_000);
  await expect.poll(async () => ((await calls())['externalcontact/get_groupmsg_send_result'] ?? 0) - before, { timeout: patient(30_000) }).toBeGreaterThanOrEqual(3);
  await stack.killServer();
  await stack.client.simFetch('/control/faults', { method: 'DELETE' });
  await stack.startServer();
  await clock(5 * 60_000);
  await expect.poll(async () => (await api('qw/push/detail', { id })).status, { timeout: patient(60_000) }).toBe('done');
  const done = await api('qw/push/detail', { id });
  expect(done).toMatchObject({ sent: reach.targets, unsent: 0, failed: 0, membersSent: done.members });
  const sent = await api<{ total: number }>('qw/push/targets', { id, status: 'sent' });
  expect(sent.total).toBe(reach.targets);
  const made = await messages(text);
  expect(made.length).toBe(detail.tasks);
});

test('killed mid-plan while the image uploads: the plan resumes, each customer in exactly one task, the image sent', async () => {
  const png = await QRCode.toBuffer('push-drill', { width: 100 });
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'push.png');
  const up = await (await fetch(`${stack.serverUrl}/api/material/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-work-id': String(workId) }, body: form })).json();
  const image = await api<{ id: number }>('material/add', { type: 'image', title: '群发图片', fileId: up.data.fileId });
  const text = '演练群发：带图片';
  const reach = await api<{ targets: number }>('qw/push/reach', { chatType: 'single', audience: {} });

  const uploads = async () => (await calls())['media/upload'] ?? 0;
  const before = await uploads();
  await control('/control/faults', { corpId, path: 'media/upload', kind: 'latency', ms: 3000, count: 1 });
  const { id } = await api<{ id: number }>('qw/push/add', { name: '带图片的演练群发', chatType: 'single', audience: {}, content: { text, materialIds: [image.id] }, sendAt: null });
  await expect.poll(uploads, { timeout: patient(30_000) }).toBeGreaterThan(before);
  await stack.killServer();
  expect(await messages(text)).toHaveLength(0);
  await stack.client.simFetch('/control/faults', { method: 'DELETE' });
  await stack.startServer();

  await everyTaskMadeOnce(id, text, reach.targets);
  // the image uploaded once for the push after the restart (the upload cut off by the kill is the one extra call)
  expect((await uploads()) - before).toBeLessThanOrEqual(2);
  const list = ((await (await stack.client.simFetch(`/control/corps/${corpId}/mass-messages`)).json()) as any).list.filter((m: { text: string }) => m.text === text);
  expect(list.every((m: { attachments: number }) => m.attachments === 1)).toBe(true);
});

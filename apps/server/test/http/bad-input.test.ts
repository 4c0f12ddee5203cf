// Every acquisition call, given bodies that make no sense, answers a 4xx with a Chinese message —
// never a 5xx. (Each call's own test checks the exact messages and that nothing is half written.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp } from '../helpers/corp.js';
let h: Harness; let token: string; let headers: Record<string, string>;
beforeAll(async () => { h = await startHarness(); token = await h.register(uniquePhone()); headers = (await connectCorp(h, token, { seed: 'fuzz' })).headers; }, 60000);
afterAll(() => h?.close());
const paths = ['/api/qw/lxw/add','/api/qw/lxw/update','/api/qw/lxw/info','/api/qw/lxw/del','/api/qw/lxw/list','/api/qw/lxw/member/list','/api/qw/lxw/member/state/update','/api/qw/lxw/data/day','/api/qw/lxw/keep/data','/api/qw/lxw/memberData','/api/qw/lxw/data/member','/api/qw/lxw/date','/api/qw/lxw/customer/list','/api/qw/lxw/qrcode','/api/qw/lxw/group/find','/api/qw/lxw/group/add','/api/qw/lxw/group/update','/api/qw/lxw/group/delete','/api/qw/lxw/group/remove','/api/qw/lxw/group/info',
'/api/qw/staff/code/list','/api/qw/staff/code/add','/api/qw/staff/code/info','/api/qw/staff/code/update','/api/qw/staff/code/del','/api/qw/staff/code/retry','/api/qw/staff/code/data/day','/api/qw/staff/code/qrcode',
'/api/qw/customer/code/batch/list','/api/qw/customer/code/batch/add','/api/qw/customer/code/batch/info','/api/qw/customer/code/batch/update','/api/qw/customer/code/batch/del','/api/qw/customer/code/batch/retry','/api/qw/customer/code/batch/date','/api/qw/customer/code/batch/data/day','/api/qw/customer/code/lead/list','/api/qw/customer/code/lead/qrcode','/api/qw/customer/code/lead/export',
'/api/qw/risk/plan/list','/api/qw/risk/plan/add','/api/qw/risk/plan/update','/api/qw/risk/plan/info','/api/qw/risk/plan/delete','/api/qw/limit/plan/list','/api/qw/limit/plan/add','/api/qw/limit/plan/update','/api/qw/limit/plan/info','/api/qw/limit/plan/delete','/api/qw/risk/record/list','/api/qw/risk/record/restore',
'/api/material/list','/api/material/add','/api/material/update','/api/material/delete','/api/material/move','/api/material/group/list','/api/material/group/add','/api/material/group/update','/api/material/group/delete','/api/material/upload',
'/api/qw/customer/detail','/api/qw/member/find','/api/qw/member/group/find','/api/qw/member/group/add','/api/qw/member/group/update','/api/qw/member/group/delete','/api/qw/member/group/remove','/api/qw/tag/list'];
const bodies: unknown[] = [{}, { id: 'x' }, { id: 999999 }, { id: -1 }, { id: 1.5 }, { ids: [1, 'a'] }, { name: 'x'.repeat(500) }, { start: '2026-13-45', end: 'x', id: 1 }, { start: '1900-01-01', end: '2100-01-01' }, { page: -1, pageSize: 1000 }, [], 'str', null,
  { name: 'a', members: [{ userid: 'u' }], distribution: 'x', dailyCap: -1, schedule: [{ weekdays: [9], start: '25:00', end: '1' }], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true },
  { userids: ['nobody'], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true },
  { name: 'b', userid: 'nobody', expiresDays: 3, tagIds: [], welcome: { text: 'hi', materialIds: [] }, skipVerify: true, leads: [{ name: '张三' }] },
  { name: 'c', userids: [], schedule: [], enabled: true }, { name: 'd', userids: [], dailyCap: 0, hourlyCap: 0, burst: null, deleteRate: null, enabled: true },
  { externalUserid: 'x'.repeat(128) }, { type: 'image', title: 't', fileId: 123456 }, { type: 'link', title: 't', url: 'javascript:alert(1)' }];
it('never answers 5xx to bad input', async () => {
  const bad: string[] = [];
  for (const p of paths) for (const b of bodies) {
    const res = await fetch(h.baseUrl + p, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(b) });
    if (res.status >= 500) bad.push(`${p} ${JSON.stringify(b).slice(0, 80)} → ${res.status} ${await res.text()}`);
    else if (res.status >= 400) { const j = await res.json().catch(() => ({})); if (!/[\u4e00-\u9fa5]/.test(j.message ?? '')) bad.push(`${p} ${JSON.stringify(b).slice(0,60)} → ${res.status} non-Chinese: ${j.message}`); }
  }
  expect(bad).toEqual([]);
}, 120000);

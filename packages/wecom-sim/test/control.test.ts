// The control API's own rules, the page for people, SIM_SAMPLE_CORP and reset.
import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSampleCorp } from '../src/sample-corp.js';
import { type Sim, startSim } from './helpers.js';

let s: Sim;

beforeAll(async () => {
  s = await startSim({ sampleCorp: { seed: 'start', size: { members: 5, customers: 30 } } });
});
afterAll(async () => {
  await s?.sim.close();
});

describe('control API', () => {
  it('makes the sample corp at start and creates more, deterministic per seed', async () => {
    const list = (await s.call('GET', '/control/corps')).body.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ members: 5, customers: 30, secret: expect.any(String), contactSecret: expect.any(String), callback: null });
    const a = (await s.call('POST', '/control/corps', { seed: 'same', size: { members: 3, customers: 4 } })).body;
    expect(a).toEqual({ corpId: expect.stringMatching(/^ww[0-9a-f]{16}$/), corpName: expect.any(String), agentId: expect.any(Number), secret: expect.any(String), contactSecret: expect.any(String) });
    const b = (await s.call('POST', '/control/corps', { seed: 'same', size: { members: 3, customers: 4 } })).body;
    expect(b).toEqual(a);
    expect((await s.call('POST', '/control/corps', { size: { members: -1 } })).status).toBe(400);
    expect((await s.call('POST', '/control/corps', { size: { robots: 1 } })).status).toBe(400);
    expect((await s.call('GET', '/control/corps/wwnope/snapshot')).status).toBe(404);
    expect((await s.call('POST', `/control/corps/${a.corpId}/scan`, { configId: 'nope' })).body).toMatchObject({ errcode: 40404 });
    expect((await s.call('POST', `/control/corps/${a.corpId}/scan`, {})).status).toBe(400);
  });

  it('scans by state, and an existing customer scanning another member adds a relation', async () => {
    const corp = (await s.call('GET', '/control/corps')).body.list[0];
    const info = (await s.call('GET', `/control/corps/${corp.corpId}`)).body;
    const way = info.contactWays[1];
    const known = info.follows.find((f: { userid: string }) => f.userid !== way.user[0]);
    const r = (await s.call('POST', `/control/corps/${corp.corpId}/scan`, { state: way.state, externalUserid: known.externalUserid })).body;
    expect(r).toMatchObject({ errcode: 0, newCustomer: false, userid: way.user[0], externalUserid: known.externalUserid });
    expect(typeof r.alreadyFriend).toBe('boolean');
  });

  it('forgets corps on reset', async () => {
    expect((await s.call('POST', '/control/reset')).body.errcode).toBe(0);
    expect((await s.call('GET', '/control/corps')).body.list).toEqual([]);
  });
});

describe('page for people', () => {
  it('has the corps section and a script that parses', async () => {
    const html = await (await fetch(`${s.base}/`, { headers: s.auth })).text();
    for (const text of ['企业微信（模拟企业）', '创建示例企业', '回调推送记录', '新微信用户扫码', '成员删除客户', '客户删除成员', '建群', '入群', '退群', '群改名', '解散群', '成员离职', '编辑标签', '客户转接（在职继承 / 离职继承）', '时钟快进 24 小时']) {
      expect(html).toContain(text);
    }
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const file = join(tmpdir(), `sim-page-${process.pid}.js`);
    writeFileSync(file, script);
    expect(() => execFileSync(process.execPath, ['--check', file])).not.toThrow();
  });
});

describe('SIM_SAMPLE_CORP', () => {
  it('reads sizes, seed and name', () => {
    expect(parseSampleCorp('members=50,customers=500')).toEqual({ size: { members: 50, customers: 500 }, seed: undefined, name: undefined });
    expect(parseSampleCorp('1')).toEqual({ size: {}, seed: undefined, name: undefined });
    expect(parseSampleCorp(' groups=3 , seed=demo,name=星河科技 ')).toEqual({ size: { groups: 3 }, seed: 'demo', name: '星河科技' });
    expect(parseSampleCorp('')).toBeUndefined();
    expect(() => parseSampleCorp('robots=3')).toThrow(/SIM_SAMPLE_CORP/);
  });
});

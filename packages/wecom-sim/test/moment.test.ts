// Moments (朋友圈) over real HTTP: each sender's publish state through get_moment_task and the control
// API (one sender, 「全部发表」), invalid senders and tags in the task's result, cancel_moment_task,
// get_moment_list by time, application messages (message/send) and the lost-response fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sim, startSim } from './helpers.js';

let s: Sim;
let corpId: string;
let agentId: number;
let token: string;
let senders: string[];

const api = (path: string, body?: unknown) => s.api(`${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, body);
const control = async (path: string, body: unknown) => (await s.call('POST', `/control/corps/${corpId}/${path}`, body)) as { status: number; body: any };

beforeAll(async () => {
  s = await startSim();
  const corp = (await s.call('POST', '/control/corps', { seed: 'moment-test', size: { departments: 2, members: 6, customers: 10, groups: 1, tags: 2 } })).body;
  ({ corpId, agentId } = corp);
  token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${corp.secret}`)).access_token;
  senders = ((await api('externalcontact/get_follow_user_list')).follow_user as string[]).slice(0, 3);
});
afterAll(async () => {
  await s?.sim.close();
});

describe('moments', () => {
  it('tracks each sender, reports invalid senders and tags, and stops on cancel', async () => {
    const job = await api('externalcontact/add_moment_task', {
      text: { content: '朋友圈任务' },
      visible_range: { sender_list: { user_list: [...senders, 'nobody'] }, external_contact_list: { tag_list: ['etnotatag'] } },
    });
    expect(job.errcode).toBe(0);
    const result = await api(`externalcontact/get_moment_task_result?jobid=${job.jobid}`);
    expect(result.result).toMatchObject({ invalid_sender_list: { user_list: ['nobody'] }, invalid_external_contact_list: { tag_list: ['etnotatag'] } });
    const momentId = result.result.moment_id as string;
    const task = async (limit = 1000) => {
      const all: any[] = [];
      let cursor = '';
      do {
        const page = await api('externalcontact/get_moment_task', { moment_id: momentId, cursor, limit });
        expect(page.errcode).toBe(0);
        all.push(...page.task_list);
        cursor = page.next_cursor;
      } while (cursor);
      return all;
    };
    expect(await task(2)).toEqual(senders.map((userid) => ({ userid, publish_status: 0 })));
    expect((await control('confirm-moment', { momentId, userid: senders[0] })).status).toBe(200);
    expect((await task()).filter((t) => t.publish_status === 1).map((t) => t.userid)).toEqual([senders[0]]);
    expect((await control('confirm-moment', { jobid: job.jobid, userid: 'nobody' })).status).toBe(404);

    const now = Math.floor(Date.now() / 1000);
    const listed = await api('externalcontact/get_moment_list', { start_time: now - 60, end_time: now + 60, filter_type: 0 });
    expect(listed.moment_list).toContainEqual(expect.objectContaining({ moment_id: momentId, create_type: 0, text: { content: '朋友圈任务' } }));
    expect((await api('externalcontact/get_moment_list', { start_time: now - 60, end_time: now + 60, filter_type: 1 })).moment_list).toEqual([]);
    expect((await api('externalcontact/get_moment_list', { start_time: now - 40 * 86_400, end_time: now })).errcode).toBe(40058);

    expect((await api('externalcontact/cancel_moment_task', { moment_id: momentId })).errcode).toBe(0);
    expect((await control('confirm-moment', { momentId, userid: senders[1] })).status).toBe(409);
    expect((await control('moment-publish-all', { momentId })).status).toBe(409);
    const page = (await s.call('GET', `/control/corps/${corpId}/moments`)).body.list[0];
    expect(page).toMatchObject({ momentId, cancelled: true, invalidSenders: ['nobody'], invalidTags: ['etnotatag'] });
    expect((await api('externalcontact/cancel_moment_task', { moment_id: 'nope' })).errcode).toBe(40058);
  });

  it('publishes for every sender at once (「全部发表」)', async () => {
    const job = await api('externalcontact/add_moment_task', { text: { content: '全部发表' }, visible_range: { sender_list: { user_list: senders } } });
    expect((await control('moment-publish-all', { jobid: job.jobid })).body).toMatchObject({ published: 3 });
    const momentId = (await api(`externalcontact/get_moment_task_result?jobid=${job.jobid}`)).result.moment_id;
    expect((await api('externalcontact/get_moment_task', { moment_id: momentId })).task_list.every((t: any) => t.publish_status === 1)).toBe(true);
  });

  it('sends application messages to members of the corp\'s app', async () => {
    const r = await api('message/send', { touser: `${senders[0]}|nobody`, msgtype: 'text', agentid: agentId, text: { content: '请在企业微信中发表朋友圈「活动」' } });
    expect(r).toMatchObject({ errcode: 0, invaliduser: 'nobody' });
    expect((await api('message/send', { touser: senders[0], msgtype: 'text', agentid: agentId + 1, text: { content: 'x' } })).errcode).toBe(40056);
    expect((await api('message/send', { touser: 'nobody', msgtype: 'text', agentid: agentId, text: { content: 'x' } })).errcode).toBe(81013);
    const sent = (await s.call('GET', `/control/corps/${corpId}/app-messages`)).body.list;
    expect(sent[0]).toMatchObject({ touser: [senders[0]], text: '请在企业微信中发表朋友圈「活动」' });
  });

  it('drops the answer of a call it made with the lost-response fault', async () => {
    await s.call('POST', '/control/faults', { kind: 'lost-response', corpId, path: 'externalcontact/add_moment_task', count: 1 });
    const before = (await s.call('GET', `/control/corps/${corpId}/moments`)).body.list.length;
    await expect(api('externalcontact/add_moment_task', { text: { content: '应答丢失' } })).rejects.toThrow();
    const after = (await s.call('GET', `/control/corps/${corpId}/moments`)).body.list;
    expect(after).toHaveLength(before + 1);
    expect(after[0].text).toBe('应答丢失');
    expect((await api('externalcontact/add_moment_task', { text: { content: '这次有应答' } })).errcode).toBe(0);
    await s.call('DELETE', '/control/faults');
  });
});

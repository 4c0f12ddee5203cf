// Moments (朋友圈): add_moment_task only makes a task; each sender publishes it from their client (here
// POST /control/corps/:corpId/confirm-moment, or moment-publish-all for every sender), get_moment_task
// tells who did, cancel_moment_task stops it for those who have not. get_moment_list lists the corp's
// moments by time (enterprise ones from the moment the task exists), which is how a caller that lost
// add_moment_task's answer finds the moment it made.
import { randomBytes } from 'node:crypto';
import type { Corp, MomentTask } from './corp.js';
import { fail } from './errors.js';
import type { Router } from './api.js';
import { needScope } from './auth.routes.js';
import { liveTag } from './tag.routes.js';
import { checkContent } from './message.routes.js';
import { decodeCursor, encodeCursor, int, str, strList } from './params.js';

const DAY = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

const findMoment = (corp: Corp, id: unknown): MomentTask => {
  const momentId = str(id, 'moment_id', { required: true });
  return corp.moments.find((m) => m.moment_id === momentId) ?? fail(40058, 'invalid parameter: moment_id');
};

export function momentRoutes(r: Router) {
  r.post('externalcontact/add_moment_task', 'corp', (c) => {
    needScope(c, 'customer');
    const corp = c.corp;
    const content = checkContent(corp, c.body, 2000, 'chars');
    const atts = content.attachments as Array<{ msgtype: string }>;
    const kinds = new Set(atts.map((a) => a.msgtype));
    if (kinds.size > 1 || kinds.has('file') || kinds.has('miniprogram') || ((kinds.has('video') || kinds.has('link')) && atts.length > 1)) {
      fail(40058, 'invalid parameter: moments take up to 9 images, or one video, or one link');
    }
    const range = c.body.visible_range ?? {};
    const users = strList(range.sender_list?.user_list, 'visible_range.sender_list.user_list');
    const depts = (range.sender_list?.department_list ?? []) as number[];
    const tagList = strList(range.external_contact_list?.tag_list, 'visible_range.external_contact_list.tag_list');
    // Tags WeCom does not know are left out of the range and reported in the task's result.
    const invalidTags = tagList.filter((id) => !liveTag(corp, id));
    const invalid: string[] = [];
    let senders: string[] = [];
    for (const u of users) {
      const m = corp.member(u);
      if (!m || !m.contact) invalid.push(u);
      else senders.push(u);
    }
    for (const m of corp.members) if (m.contact && m.department.some((d) => depts.includes(d)) && !senders.includes(m.userid)) senders.push(m.userid);
    if (!users.length && !depts.length) senders = corp.members.filter((m) => m.contact).map((m) => m.userid);
    const jobid = `job${randomBytes(12).toString('base64url')}`;
    corp.moments.push({
      jobid,
      moment_id: `mom${randomBytes(12).toString('base64url')}`,
      create_time: nowS(),
      creator: '',
      senders,
      published: new Map(),
      invalid_sender_list: invalid,
      invalid_tag_list: invalidTags,
      cancelled: false,
      text: content.text,
      attachments: content.attachments,
    });
    return { jobid };
  });

  r.get('externalcontact/get_moment_task_result', 'corp', (c) => {
    needScope(c, 'customer');
    const jobid = str(c.query.jobid, 'jobid', { required: true });
    const task = c.corp.moments.find((m) => m.jobid === jobid) ?? fail(40058, 'invalid parameter: jobid');
    if (task.create_time < nowS() - DAY) fail(40058, 'invalid parameter: jobid expired');
    return {
      status: 3,
      type: 'add_moment_task',
      result: {
        errcode: 0,
        errmsg: 'ok',
        moment_id: task.moment_id,
        invalid_sender_list: { user_list: task.invalid_sender_list, department_list: [] },
        invalid_external_contact_list: { tag_list: task.invalid_tag_list },
      },
    };
  });

  r.post('externalcontact/get_moment_task', 'corp', (c) => {
    needScope(c, 'customer');
    const task = findMoment(c.corp, c.body.moment_id);
    const limit = int(c.body.limit, 'limit', { min: 1, max: 1000, def: 500 });
    const from = decodeCursor(c.body.cursor);
    const page = task.senders.slice(from, from + limit);
    return {
      next_cursor: from + limit < task.senders.length ? encodeCursor(from + limit) : '',
      task_list: page.map((userid) => ({ userid, publish_status: task.published.has(userid) ? 1 : 0 })),
    };
  });

  r.post('externalcontact/cancel_moment_task', 'corp', (c) => {
    needScope(c, 'customer');
    findMoment(c.corp, c.body.moment_id).cancelled = true;
    return {};
  });

  r.post('externalcontact/get_moment_list', 'corp', (c) => {
    needScope(c, 'customer');
    const b = c.body;
    const start = int(b.start_time, 'start_time', { min: 0 });
    const end = int(b.end_time, 'end_time', { min: 0 });
    if (start > end || end - start > 30 * DAY) fail(40058, 'invalid parameter: time span exceeds 30 days');
    const creator = str(b.creator, 'creator');
    const filterType = int(b.filter_type, 'filter_type', { min: 0, max: 2, def: 2 });
    const limit = int(b.limit, 'limit', { min: 1, max: 20, def: 20 });
    // Every moment here is an enterprise one (create_type 0); personal ones are not simulated.
    const list = filterType === 1 ? [] : c.corp.moments.filter((m) => m.create_time >= start && m.create_time <= end && (!creator || m.creator === creator));
    const from = decodeCursor(b.cursor);
    return {
      next_cursor: from + limit < list.length ? encodeCursor(from + limit) : '',
      moment_list: list.slice(from, from + limit).map((m) => ({
        moment_id: m.moment_id,
        creator: m.creator,
        create_time: m.create_time,
        create_type: 0,
        visible_type: 1,
        ...(m.text ? { text: m.text } : {}),
      })),
    };
  });
}

// Moments (朋友圈) as members live them: a sender publishes an enterprise moment from their client
// (one sender, or every sender at once for demos), and what the page and tests read back — the
// tasks with each sender's state, and the application messages members received (提醒发表).
import type { Corp, MomentTask } from '../wecom/corp.js';
import { HappeningError } from './happenings.js';

const refuse = (status: number, errcode: number, message: string): never => {
  throw new HappeningError(status, errcode, message);
};
const nowS = () => Math.floor(Date.now() / 1000);

/** By jobid (what add_moment_task answered) or moment_id. */
function findTask(corp: Corp, b: { jobid?: string; momentId?: string }): MomentTask {
  return corp.moments.find((m) => (b.jobid && m.jobid === b.jobid) || (b.momentId && m.moment_id === b.momentId)) ?? refuse(404, 40058, '朋友圈任务不存在');
}

/** One sender publishes (again: nothing changes). A cancelled task can no longer be published. */
export function publishMoment(corp: Corp, b: { jobid?: string; momentId?: string; userid?: string }) {
  const task = findTask(corp, b);
  const userid = b.userid ?? '';
  if (!task.senders.includes(userid)) refuse(404, 40003, '该成员不在朋友圈任务的发表范围内');
  if (!task.published.has(userid)) {
    if (task.cancelled) refuse(409, 40058, '朋友圈任务已取消，无法发表');
    task.published.set(userid, nowS());
  }
  return { jobid: task.jobid, momentId: task.moment_id, userid, publishTime: task.published.get(userid) };
}

/** 「全部发表」: every sender who has not published yet does. */
export function publishMomentAll(corp: Corp, b: { jobid?: string; momentId?: string }) {
  const task = findTask(corp, b);
  if (task.cancelled) refuse(409, 40058, '朋友圈任务已取消，无法发表');
  let published = 0;
  for (const u of task.senders) {
    if (task.published.has(u)) continue;
    task.published.set(u, nowS());
    published++;
  }
  return { jobid: task.jobid, momentId: task.moment_id, published };
}

/** The corp's moment tasks, newest first, with each sender's state. */
export function momentList(corp: Corp) {
  return {
    list: corp.moments
      .slice()
      .reverse()
      .map((m) => {
        const text = (m.text as { content?: unknown } | undefined)?.content;
        return {
          jobid: m.jobid,
          momentId: m.moment_id,
          createTime: m.create_time,
          text: typeof text === 'string' ? text : '',
          attachments: (m.attachments as Array<{ msgtype?: string }>).map((a) => a?.msgtype ?? ''),
          cancelled: m.cancelled,
          invalidSenders: m.invalid_sender_list,
          invalidTags: m.invalid_tag_list,
          senders: m.senders.map((userid) => ({ userid, name: corp.member(userid)?.name ?? userid, publishTime: m.published.get(userid) ?? null })),
        };
      }),
  };
}

/** Application messages the members received (message/send), newest first. */
export function appMessageList(corp: Corp) {
  return { list: corp.appMessages.slice().reverse().map((m) => ({ ...m, names: corp.memberNames(m.touser) })) };
}

// Test data of the push pages (not shipped).
import type { PushDetail, PushRow } from '@scrm/contracts/push';

export const row = (over: Partial<PushRow> = {}): PushRow => ({
  id: 7,
  name: '双十一活动通知',
  chatType: 'single',
  status: 'sending',
  content: { text: '双十一全场五折', materialIds: [] },
  sendAt: null,
  startedAt: 1_763_000_000_000,
  finishedAt: null,
  createdAt: 1_762_990_000_000,
  creatorName: '王经理',
  error: null,
  targets: 120,
  members: 3,
  membersSent: 1,
  sent: 40,
  unsent: 78,
  failed: 2,
  overCap: 5,
  ...over,
});

export const detail = (over: Partial<PushDetail> = {}): PushDetail => ({
  ...row(),
  audience: { userids: ['zhangsan'], tagIds: ['t1'], tagMode: 'all', gender: 2 },
  tasks: 3,
  tasksCreated: 3,
  trackedAt: 1_763_000_600_000,
  nextTrackAt: 1_763_001_200_000,
  ...over,
});

export const tagList = { list: [{ groupId: 'g1', groupName: '客户等级', order: 1, createTime: 0, tags: [{ id: 't1', name: 'VIP', order: 1, createTime: 0 }] }] };
export const member = (userid: string, name: string) => ({ userid, name, avatar: '', departmentNames: ['销售部'], isFollowUser: true });

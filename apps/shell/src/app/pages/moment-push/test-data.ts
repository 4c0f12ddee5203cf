// Moments and materials the page tests answer with.
import type { Material, MaterialType } from '@scrm/contracts/material';
import type { MomentDetail, MomentRow } from '@scrm/contracts/moment';

export const T0 = Date.UTC(2026, 4, 20, 2, 0, 0); // 2026-05-20 10:00 China time

const file = (id: number, name: string, mime: string) => ({ fileId: id, name, size: 1024, mime, url: `http://x/api/material/file/${id}/t` });
export const material = (id: number, type: MaterialType, title: string): Material => ({
  id,
  type,
  title,
  groupId: null,
  groupName: '',
  content: '',
  url: type === 'link' ? 'https://example.com' : '',
  appid: '',
  page: '',
  file: type === 'image' || type === 'video' || type === 'file' ? file(100 + id, `${title}.png`, type === 'video' ? 'video/mp4' : 'image/png') : null,
  cover: null,
  createdAt: T0,
  updatedAt: T0,
});
export const LIBRARY = [material(1, 'image', '海报一'), material(2, 'image', '海报二'), material(3, 'video', '宣传片'), material(4, 'link', '活动页'), material(5, 'file', '价目表')];

export const row = (over: Partial<MomentRow> = {}): MomentRow => ({
  id: 1,
  name: '双十一活动',
  status: 'sending',
  content: { text: '双十一全场五折', materialIds: [1, 2] },
  sendAt: T0,
  startedAt: T0,
  finishedAt: null,
  createdAt: T0,
  creatorName: '王经理',
  error: null,
  members: 3,
  published: 2,
  unpublished: 1,
  invalidSenders: 0,
  invalidTags: 0,
  ...over,
});
export const detailOf = (over: Partial<MomentDetail> = {}): MomentDetail => ({
  ...row(),
  range: { userids: ['zhangsan', 'lisi', 'wangwu'], departmentIds: [], tagIds: [] },
  trackedAt: T0,
  nextTrackAt: T0 + 300_000,
  ...over,
});

/** /api/material/list answered from LIBRARY by ids or types. */
export function materialsAnswer(body: { ids?: number[]; types?: MaterialType[] }) {
  const list = LIBRARY.filter((m) => (!body.ids || body.ids.includes(m.id)) && (!body.types || body.types.includes(m.type)));
  return { list, total: list.length };
}

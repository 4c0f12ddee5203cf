// 企业标签: the corp tags of a work space, grouped for the pickers and the tag page, and edited here —
// each edit applied in WeCom first (add_corp_tag / edit_corp_tag / del_corp_tag), then in our copy
// (written by the sync service, the tables' one writer). WeCom sends no callback for an app's own edits.
import type { CorpTagList } from '@scrm/contracts/customer';
import {
  CORP_TAG_CAP,
  type TagAddBody,
  type TagAddResult,
  type TagDeleteBody,
  type TagGroupDeleteBody,
  type TagGroupUpdateBody,
  type TagSyncResult,
  type TagSyncState,
  type TagUpdateBody,
} from '@scrm/contracts/tag';
import { AppError } from '../http/errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SyncService } from '../sync/sync.service.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { TagRepository } from './tag.repository.js';

export const TAG_COUNT_JOB = 'tag_count';
/** Stored counts older than this are counted again in the background (the page shows them meanwhile). */
const COUNT_FRESH_MS = 60_000;
/** A tag sync runs within its request: one still 「running」 after this was cut off. */
const SYNC_CUT_OFF_MS = 5 * 60_000;

const tagMissing = () => new AppError(404, '标签不存在或已被删除');
const groupMissing = () => new AppError(404, '标签组不存在或已被删除');
const sameName = (a: string, b: string) => a.trim() === b.trim();

export class TagService {
  constructor(private readonly deps: { repo: TagRepository; sync: SyncService; gateway: WecomGateway; jobs: JobQueue }) {}

  async list(ws: WorkSpace, body: { counts?: boolean } = {}): Promise<CorpTagList> {
    const { groups, tags } = await this.deps.repo.groupsAndTags(ws.id);
    const stored = body.counts ? await this.counts(ws.id) : undefined;
    const counts = stored?.counts;
    return {
      ...(stored ? { countedAt: stored.countedAt, sync: await this.syncState(ws.id) } : {}),
      list: groups.map((g) => ({
        groupId: g.group_id,
        groupName: g.name,
        order: Number(g.order),
        tags: tags
          .filter((t) => t.group_id === g.group_id)
          .map((t) => ({ id: t.id, name: t.name, order: Number(t.order), ...(counts ? { customers: counts.get(t.id) ?? 0 } : {}) })),
      })),
    };
  }

  /**
   * Customers per tag as stored (counted at once the first time); counted again by a job when older
   * than a minute — the grouped count takes seconds at a million customers.
   */
  private async counts(wsId: number) {
    const stored = await this.deps.repo.storedCounts(wsId);
    if (!stored) return this.deps.repo.recount(wsId);
    if (Date.now() - stored.countedAt > COUNT_FRESH_MS) {
      await this.deps.jobs.enqueue(TAG_COUNT_JOB, {}, { workSpaceId: wsId, singletonKey: `tag-count:${wsId}` });
    }
    return stored;
  }

  /** TAG_COUNT_JOB (composition/job-registry.ts). */
  async countJob(workSpaceId: number | null): Promise<void> {
    if (workSpaceId) await this.deps.repo.recount(workSpaceId);
  }

  /** A new group with its tags, or tags added to a group (by id, or by the name of one that exists). */
  async add(ws: WorkSpace, body: TagAddBody): Promise<TagAddResult> {
    const names = body.tags.map((t) => t.name.trim());
    if (names.some((n) => !n)) throw new AppError(400, '标签名称不能为空');
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) throw new AppError(400, `标签名称重复：${dup}`);
    const { groups, tags } = await this.deps.repo.groupsAndTags(ws.id);
    let group = body.groupId ? groups.find((g) => g.group_id === body.groupId) : undefined;
    if (body.groupId && !group) throw groupMissing();
    if (!group) {
      const groupName = body.groupName?.trim() ?? '';
      if (!groupName) throw new AppError(400, '请填写标签组名称');
      group = groups.find((g) => sameName(g.name, groupName));
    }
    if (group) {
      const taken = names.find((n) => tags.some((t) => t.group_id === group!.group_id && sameName(t.name, n)));
      if (taken) throw new AppError(400, `标签组「${group.name}」中已有标签「${taken}」`);
    }
    if (tags.length + names.length > CORP_TAG_CAP) throw new AppError(400, `企业标签数量已达上限（${CORP_TAG_CAP} 个），请先删除不用的标签`);

    const api = await this.deps.gateway.corp(ws);
    const res = await api
      .addCorpTag({
        ...(group ? { group_id: group.group_id } : { group_name: body.groupName!.trim(), order: body.order ?? 0 }),
        tag: body.tags.map((t) => ({ name: t.name.trim(), order: t.order ?? 0 })),
      })
      .catch((err) => {
        throw wecomFailure(err);
      });
    const g = res.tag_group;
    await this.deps.sync.saveTagGroup(ws.id, g, { complete: false });
    return { groupId: g.group_id, groupName: g.group_name, tags: (g.tag ?? []).map((t) => ({ id: t.id, name: t.name })) };
  }

  /** Rename or reorder a tag. */
  async update(ws: WorkSpace, body: TagUpdateBody): Promise<null> {
    const { tags } = await this.deps.repo.groupsAndTags(ws.id);
    const tag = tags.find((t) => t.id === body.id) ?? (() => { throw tagMissing(); })();
    const name = body.name?.trim();
    if (body.name !== undefined && !name) throw new AppError(400, '标签名称不能为空');
    if (name && tags.some((t) => t.id !== tag.id && t.group_id === tag.group_id && sameName(t.name, name))) {
      throw new AppError(400, `该标签组中已有标签「${name}」`);
    }
    await this.edit(ws, 'tag', tag.id, { name, order: body.order });
    return null;
  }

  /** Rename or reorder a group. */
  async updateGroup(ws: WorkSpace, body: TagGroupUpdateBody): Promise<null> {
    const { groups } = await this.deps.repo.groupsAndTags(ws.id);
    const group = groups.find((g) => g.group_id === body.groupId) ?? (() => { throw groupMissing(); })();
    const name = body.name?.trim();
    if (body.name !== undefined && !name) throw new AppError(400, '标签组名称不能为空');
    if (name && groups.some((g) => g.group_id !== group.group_id && sameName(g.name, name))) throw new AppError(400, `已有标签组「${name}」`);
    await this.edit(ws, 'tag_group', group.group_id, { name, order: body.order });
    return null;
  }

  private async edit(ws: WorkSpace, kind: 'tag' | 'tag_group', id: string, set: { name?: string; order?: number }) {
    const change = { ...(set.name !== undefined ? { name: set.name } : {}), ...(set.order !== undefined ? { order: set.order } : {}) };
    if (!Object.keys(change).length) throw new AppError(400, '请填写新名称或排序');
    const api = await this.deps.gateway.corp(ws);
    await api.editCorpTag({ id, ...change }).catch((err) => {
      throw wecomFailure(err);
    });
    await this.deps.sync.tagEdited(ws.id, kind, id, change);
  }

  /** Delete tags (a group that loses its last tag goes too, as in WeCom); customers lose them. */
  async delete(ws: WorkSpace, body: TagDeleteBody): Promise<null> {
    const { tags } = await this.deps.repo.groupsAndTags(ws.id);
    const ids = [...new Set(body.tagIds)];
    if (ids.some((id) => !tags.some((t) => t.id === id))) throw tagMissing();
    const api = await this.deps.gateway.corp(ws);
    await api.delCorpTag({ tag_id: ids }).catch((err) => {
      throw wecomFailure(err);
    });
    await this.deps.sync.tagsDeleted(ws.id, { tagIds: ids });
    return null;
  }

  async deleteGroup(ws: WorkSpace, body: TagGroupDeleteBody): Promise<null> {
    const { groups } = await this.deps.repo.groupsAndTags(ws.id);
    const ids = [...new Set(body.groupIds)];
    if (ids.some((id) => !groups.some((g) => g.group_id === id))) throw groupMissing();
    const api = await this.deps.gateway.corp(ws);
    await api.delCorpTag({ group_id: ids }).catch((err) => {
      throw wecomFailure(err);
    });
    await this.deps.sync.tagsDeleted(ws.id, { groupIds: ids });
    return null;
  }

  /**
   * Re-read every corp tag from WeCom (one call, so within the request). Its state is the tag page's own
   * (`tag_sync`): the work space's full sync, its phase and its banner are not touched.
   */
  async sync(ws: WorkSpace): Promise<TagSyncResult> {
    await this.deps.repo.syncStarted(ws.id, Date.now());
    try {
      await this.deps.sync.syncTags(ws.id, await this.deps.gateway.corp(ws));
    } catch (err) {
      const failure = wecomFailure(err);
      await this.deps.repo.syncFailed(ws.id, failure.message);
      throw failure;
    }
    const { groups, tags } = await this.deps.repo.groupsAndTags(ws.id);
    const syncedAt = Date.now();
    await this.deps.repo.syncDone(ws.id, syncedAt, { groups: groups.length, tags: tags.length });
    return { state: 'done', groups: groups.length, tags: tags.length, syncedAt };
  }

  /** The last tag sync; one left 「running」 longer than a request can take was cut off (a restart). */
  private async syncState(wsId: number): Promise<TagSyncState> {
    const s = await this.deps.repo.syncState(wsId);
    if (!s) return { status: 'idle', syncedAt: null, error: null, groups: 0, tags: 0 };
    const cut = s.status === 'running' && Date.now() - Number(s.started_at) > SYNC_CUT_OFF_MS;
    return {
      status: cut ? 'failed' : s.status,
      syncedAt: s.synced_at === null ? null : Number(s.synced_at),
      error: cut ? '同步中断，请重试' : s.error,
      groups: Number(s.group_count),
      tags: Number(s.tag_count),
    };
  }
}

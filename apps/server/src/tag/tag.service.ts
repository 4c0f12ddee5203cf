// 企业标签: the synced corp tags of a work space, grouped for the pickers and tag pages.
import type { CorpTagList } from '@scrm/contracts/customer';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { TagRepository } from './tag.repository.js';

export class TagService {
  constructor(private readonly repo: TagRepository) {}

  async list(ws: WorkSpace): Promise<CorpTagList> {
    const { groups, tags } = await this.repo.groupsAndTags(ws.id);
    return {
      list: groups.map((g) => ({
        groupId: g.group_id,
        groupName: g.name,
        order: Number(g.order),
        tags: tags.filter((t) => t.group_id === g.group_id).map((t) => ({ id: t.id, name: t.name, order: Number(t.order) })),
      })),
    };
  }
}

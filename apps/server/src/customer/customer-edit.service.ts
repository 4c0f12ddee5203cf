// A follow relation edited from the customer's record: remark, description and phone numbers
// (`externalcontact/remark`) and its tags (`externalcontact/mark_tag`). WeCom first; our copy and the
// customer's timeline follow what it took.
import type { CustomerFollowTagBody, CustomerRemarkBody } from '@scrm/contracts/customer';
import { parseJsonColumn } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { CustomerEventService } from './customer-event.service.js';
import type { CustomerRepository } from './customer.repository.js';

export class CustomerEditService {
  constructor(private readonly deps: { customers: CustomerRepository; events: CustomerEventService; gateway: WecomGateway }) {}

  private async liveRelation(ws: WorkSpace, externalUserid: string, userid: string) {
    const rel = await this.deps.customers.relation(ws.id, externalUserid, userid);
    if (!rel) throw new AppError(404, '客户不存在');
    if (rel.deleted_at !== null) throw new AppError(400, '成员已删除该客户，无法修改');
    return rel;
  }

  async remark(ws: WorkSpace, body: CustomerRemarkBody): Promise<null> {
    const before = await this.liveRelation(ws, body.externalUserid, body.userid);
    const mobiles = [...new Set(body.remarkMobiles.map((m) => m.trim()).filter(Boolean))];
    const api = await this.deps.gateway.corp(ws);
    try {
      await api.remark({ userid: body.userid, external_userid: body.externalUserid, remark: body.remark, description: body.description, remark_mobiles: mobiles });
    } catch (err) {
      throw wecomFailure(err);
    }
    await this.deps.customers.updateRemark(ws.id, body.externalUserid, body.userid, {
      remark: body.remark,
      description: body.description,
      remark_mobiles: JSON.stringify(mobiles),
    });
    await this.deps.events.record(ws.id, [
      {
        externalUserid: body.externalUserid,
        userid: body.userid,
        kind: 'remark',
        at: Date.now(),
        detail: {
          remark: body.remark,
          description: body.description,
          remarkMobiles: mobiles,
          before: { remark: before.remark, description: before.description, remarkMobiles: parseJsonColumn<string[]>(before.remark_mobiles ?? '[]', []) },
        },
      },
    ]);
    return null;
  }

  async tags(ws: WorkSpace, body: CustomerFollowTagBody): Promise<null> {
    const add = [...new Set(body.addTagIds)];
    const remove = [...new Set(body.removeTagIds)];
    if (!add.length && !remove.length) throw new AppError(400, '请选择要添加或移除的标签');
    if (add.some((id) => remove.includes(id))) throw new AppError(400, '同一个标签不能同时添加和移除');
    await this.liveRelation(ws, body.externalUserid, body.userid);
    const live = await this.deps.customers.liveTagIds(ws.id, [...add, ...remove]);
    if ([...add, ...remove].some((id) => !live.has(id))) throw new AppError(400, '标签不存在或已被删除，请刷新后重试');
    const api = await this.deps.gateway.corp(ws);
    try {
      await api.markTag({
        userid: body.userid,
        external_userid: body.externalUserid,
        ...(add.length ? { add_tag: add } : {}),
        ...(remove.length ? { remove_tag: remove } : {}),
      });
    } catch (err) {
      throw wecomFailure(err);
    }
    await this.deps.customers.changeFollowTags(ws.id, [{ external_userid: body.externalUserid, userid: body.userid, add, remove }]);
    const at = Date.now();
    const who = { externalUserid: body.externalUserid, userid: body.userid, at };
    await this.deps.events.record(ws.id, [
      ...(add.length ? [{ ...who, kind: 'tag' as const, detail: { tagIds: add } }] : []),
      ...(remove.length ? [{ ...who, kind: 'untag' as const, detail: { tagIds: remove } }] : []),
    ]);
    return null;
  }
}

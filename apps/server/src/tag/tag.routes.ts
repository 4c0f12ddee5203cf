// /api/qw/tag/* (标签): the corp tags of a work space, grouped (pickers and the tag page), and their
// edits — applied in WeCom first. Reading is open to every page with a tag picker; edits need 'tag.manage'.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { CorpTagList } from '@scrm/contracts/customer';
import { TagAddBody, TagAddResult, TagDeleteBody, TagGroupDeleteBody, TagGroupUpdateBody, TagListBody, TagSyncResult, TagUpdateBody } from '@scrm/contracts/tag';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import { PICKER_PERMISSIONS } from '../member/member.routes.js';
import type { TagService } from './tag.service.js';

export async function tagRoutes(app: Api, opts: { tags: TagService }) {
  const tags = ['标签'];
  const security = [{ bearer: [] }];
  const manage = { permission: 'tag.manage', workSpace: true };
  const { tags: service } = opts;

  app.post(
    '/tag/list',
    {
      config: { permission: PICKER_PERMISSIONS, workSpace: true },
      schema: { tags, security, summary: '企业标签（按标签组，可带每个标签的客户数）', body: Type.Optional(TagListBody), response: { 200: Ok(CorpTagList) } },
    },
    async (req) => ok(await service.list(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/tag/add',
    { config: manage, schema: { tags, security, summary: '新建标签组并添加标签，或向标签组添加标签（先在企业微信创建）', body: TagAddBody, response: { 200: Ok(TagAddResult) } } },
    async (req) => ok(await service.add(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/update',
    { config: manage, schema: { tags, security, summary: '重命名标签或调整排序（order 大的在前）', body: TagUpdateBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => ok(await service.update(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/update/group',
    { config: manage, schema: { tags, security, summary: '重命名标签组或调整排序（order 大的在前）', body: TagGroupUpdateBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => ok(await service.updateGroup(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/delete',
    { config: manage, schema: { tags, security, summary: '删除标签（客户身上的该标签一并移除；标签组的最后一个标签删除时标签组随之删除）', body: TagDeleteBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => ok(await service.delete(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/delete/group',
    { config: manage, schema: { tags, security, summary: '删除标签组及其全部标签', body: TagGroupDeleteBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => ok(await service.deleteGroup(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/sync',
    { config: manage, schema: { tags, security, summary: '从企业微信重新读取企业标签', body: Type.Optional(Type.Object({})), response: { 200: Ok(TagSyncResult) } } },
    async (req) => ok(await service.sync(workSpaceOf(req))),
  );
}

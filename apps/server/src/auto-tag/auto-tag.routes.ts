// /api/qw/tag/auto/* (自动标签): workspace-scoped (X-Work-Id), permission 'tag-auto' (the menu key of /tag/auto/list) to read, 'tag-auto.manage' to change.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  AutoTagEnableBody,
  AutoTagIdBody,
  AutoTagInput,
  AutoTagList,
  AutoTagListBody,
  AutoTagOptions,
  AutoTagOptionsBody,
  AutoTagRecordList,
  AutoTagRecordsBody,
  AutoTagRule,
  AutoTagUpdateBody,
} from '@scrm/contracts/auto-tag';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { AutoTagService } from './auto-tag.service.js';

export async function autoTagRoutes(app: Api, opts: { autoTags: AutoTagService }) {
  const { autoTags } = opts;
  const tags = ['自动标签'];
  const security = [{ bearer: [] }];
  const config = { permission: 'tag-auto', workSpace: true };
  const manage = { permission: 'tag-auto.manage', workSpace: true };

  app.post(
    '/tag/auto/list',
    { config, schema: { tags, security, summary: '自动标签规则列表：条件、标签、已打标签数与补打进度', body: AutoTagListBody, response: { 200: Ok(AutoTagList) } } },
    async (req) => ok(await autoTags.list(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/tag/auto/add',
    { config: manage, schema: { tags, security, summary: '新建自动标签规则（默认为已有客户补打）', body: AutoTagInput, response: { 200: Ok(AutoTagRule) } } },
    async (req) => ok(await autoTags.add(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/auto/update',
    { config: manage, schema: { tags, security, summary: '修改自动标签规则（条件或标签变化时重新补打）', body: AutoTagUpdateBody, response: { 200: Ok(AutoTagRule) } } },
    async (req) => ok(await autoTags.update(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/auto/delete',
    { config: manage, schema: { tags, security, summary: '删除自动标签规则（已打的标签保留）', body: AutoTagIdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await autoTags.remove(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );
  app.post(
    '/tag/auto/enable',
    { config: manage, schema: { tags, security, summary: '启用或停用自动标签规则', body: AutoTagEnableBody, response: { 200: Ok(AutoTagRule) } } },
    async (req) => ok(await autoTags.enable(workSpaceOf(req), req.body)),
  );
  app.post(
    '/tag/auto/detail',
    { config, schema: { tags, security, summary: '自动标签规则详情与补打进度', body: AutoTagIdBody, response: { 200: Ok(AutoTagRule) } } },
    async (req) => ok(await autoTags.detail(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/tag/auto/run',
    { config: manage, schema: { tags, security, summary: '重新补打：已打过的客户不再调用企业微信', body: AutoTagIdBody, response: { 200: Ok(AutoTagRule) } } },
    async (req) => ok(await autoTags.rerun(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/tag/auto/options',
    { config, schema: { tags, security, summary: '规则可选的渠道活码、员工活码与客户群', body: AutoTagOptionsBody, response: { 200: Ok(AutoTagOptions) } } },
    async (req) => ok(await autoTags.options(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/tag/auto/records',
    { config, schema: { tags, security, summary: '打标签记录：客户、成员、标签、时间、来源（自动/补打）', body: AutoTagRecordsBody, response: { 200: Ok(AutoTagRecordList) } } },
    async (req) => ok(await autoTags.records(workSpaceOf(req), req.body)),
  );
}

// /api/qw/data/customer/* (数据中心 · 好友分析): workspace-scoped (X-Work-Id), permission 'data-customer'.
// Every figure is read from the daily roll-ups; a range is at most 366 days.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { DataCodeList, DataDaySeries, DataMemberList, DataRangeBody, DataRankBody, DataRetention, DataTagList, DataTotals } from '@scrm/contracts/data';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { DataCentreService } from './data-centre.service.js';

export async function dataRoutes(app: Api, opts: { dataCentre: DataCentreService }) {
  const { dataCentre } = opts;
  const config = { permission: 'data-customer', workSpace: true };
  const security = [{ bearer: [] }];
  const tags = ['数据中心'];

  app.post(
    '/data/customer/overview',
    { config, schema: { tags, security, summary: '好友分析合计：新增客户、成员删除、客户删除、净增长', body: DataRangeBody, response: { 200: Ok(DataTotals) } } },
    async (req) => ok(await dataCentre.totals(workSpaceOf(req), req.body)),
  );
  app.post(
    '/data/customer/day',
    { config, schema: { tags, security, summary: '好友分析按天数据（可按成员、活码或标签筛选）', body: DataRangeBody, response: { 200: Ok(DataDaySeries) } } },
    async (req) => ok(await dataCentre.daySeries(workSpaceOf(req), req.body)),
  );
  app.post(
    '/data/customer/member',
    { config, schema: { tags, security, summary: '按成员：新增与删除（按新增排序）', body: DataRankBody, response: { 200: Ok(DataMemberList) } } },
    async (req) => ok(await dataCentre.byMember(workSpaceOf(req), req.body)),
  );
  app.post(
    '/data/customer/code',
    { config, schema: { tags, security, summary: '按活码：新增与删除（0 为未通过活码添加）', body: DataRankBody, response: { 200: Ok(DataCodeList) } } },
    async (req) => ok(await dataCentre.byCode(workSpaceOf(req), req.body)),
  );
  app.post(
    '/data/customer/tag',
    { config, schema: { tags, security, summary: '按标签：新增与删除', body: DataRankBody, response: { 200: Ok(DataTagList) } } },
    async (req) => ok(await dataCentre.byTag(workSpaceOf(req), req.body)),
  );
  app.post(
    '/data/customer/retention',
    { config, schema: { tags, security, summary: '客户留存：当天添加的客户 1、7、30 天后仍未被任何一方删除的人数', body: DataRangeBody, response: { 200: Ok(DataRetention) } } },
    async (req) => ok(await dataCentre.retention(workSpaceOf(req), req.body)),
  );
  app.post(
    '/data/customer/export',
    { config, schema: { tags, security, summary: '导出好友分析（CSV，UTF-8 带 BOM，Excel 可直接打开）', body: DataRangeBody } },
    async (req, reply) => {
      const { filename, csv } = await dataCentre.exportCsv(workSpaceOf(req), req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(csv);
    },
  );
  app.post(
    '/data/customer/rebuild',
    { config, schema: { tags, security, summary: '按客户动态重新计算好友分析数据（后台任务）', body: Type.Optional(Type.Object({})), response: { 200: Ok(Type.Object({ queued: Type.Boolean() })) } } },
    async (req) => ok(await dataCentre.queueRebuild(workSpaceOf(req))),
  );
}

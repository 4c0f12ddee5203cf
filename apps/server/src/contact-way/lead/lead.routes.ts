// /api/qw/customer/code/* (一客一码): workspace-scoped (X-Work-Id), permission 'customer-qrcode' to read, 'customer-qrcode.manage' to change.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { DaySeries, IdBody, Overview } from '@scrm/contracts/contact-way';
import { LeadBatch, LeadBatchAddBody, LeadBatchList, LeadBatchListBody, LeadBatchRangeBody, LeadBatchUpdateBody, LeadExportBody, LeadList, LeadListBody } from '@scrm/contracts/lead';
import { callerOf } from '../../auth/auth.hook.js';
import { ok } from '../../http/envelope.js';
import type { Api } from '../../http/types.js';
import { workSpaceOf } from '../../workspace/workspace.hook.js';
import type { LeadService } from './lead.service.js';

const attachment = (filename: string) => `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;

export async function leadRoutes(app: Api, opts: { leads: LeadService }) {
  const { leads } = opts;
  const tags = ['一客一码'];
  const security = [{ bearer: [] }];
  const config = { permission: 'customer-qrcode', workSpace: true };
  const manage = { permission: 'customer-qrcode.manage', workSpace: true };

  app.post(
    '/customer/code/batch/list',
    { config, schema: { tags, security, summary: '一客一码批次列表：生成进度、添加人数、有效期', body: LeadBatchListBody, response: { 200: Ok(LeadBatchList) } } },
    async (req) => ok(await leads.list(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/customer/code/batch/add',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: '新建一客一码批次：每位客户一个临时二维码（在后台生成，最长 14 天有效）',
        body: LeadBatchAddBody,
        response: { 200: Ok(LeadBatch) },
      },
    },
    async (req) => ok(await leads.add(workSpaceOf(req), callerOf(req), req.body)),
  );
  app.post(
    '/customer/code/batch/info',
    { config, schema: { tags, security, summary: '一客一码批次详情', body: IdBody, response: { 200: Ok(LeadBatch) } } },
    async (req) => ok(await leads.info(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/customer/code/batch/update',
    { config: manage, schema: { tags, security, summary: '修改批次名称、标签与欢迎语（同步到每个二维码），可追加客户', body: LeadBatchUpdateBody, response: { 200: Ok(LeadBatch) } } },
    async (req) => ok(await leads.update(workSpaceOf(req), callerOf(req), req.body)),
  );
  app.post(
    '/customer/code/batch/del',
    { config: manage, schema: { tags, security, summary: '删除批次（其二维码在企业微信失效，历史数据保留）', body: IdBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await leads.delete(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );
  app.post(
    '/customer/code/batch/retry',
    { config: manage, schema: { tags, security, summary: '重新生成批次中生成失败的二维码', body: IdBody, response: { 200: Ok(LeadBatch) } } },
    async (req) => ok(await leads.retry(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/customer/code/batch/data/day',
    { config, schema: { tags, security, summary: '批次按天数据：添加、新客户、删除与净增', body: LeadBatchRangeBody, response: { 200: Ok(DaySeries) } } },
    async (req) => ok(await leads.daySeries(workSpaceOf(req), req.body)),
  );
  app.post(
    '/customer/code/batch/date',
    { config, schema: { tags, security, summary: '批次数据概览：今日、昨日、累计添加与流失', body: IdBody, response: { 200: Ok(Overview) } } },
    async (req) => ok(await leads.overview(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/customer/code/lead/list',
    { config, schema: { tags, security, summary: '批次中的客户：状态、谁添加了谁、何时', body: LeadListBody, response: { 200: Ok(LeadList) } } },
    async (req) => ok(await leads.leads(workSpaceOf(req), req.body)),
  );
  app.post(
    '/customer/code/lead/qrcode',
    { config, schema: { tags, security, summary: '下载某位客户的二维码（PNG）', body: IdBody } },
    async (req, reply) => {
      const { png, filename } = await leads.leadCode(workSpaceOf(req), req.body.id);
      return reply.type('image/png').header('content-disposition', attachment(filename)).send(png);
    },
  );
  app.post(
    '/customer/code/lead/export',
    { config, schema: { tags, security, summary: '导出批次客户（CSV，Excel 可直接打开）', body: LeadExportBody } },
    async (req, reply) => {
      const { csv, filename } = await leads.exportCsv(workSpaceOf(req), req.body);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(filename)).send(csv);
    },
  );
}

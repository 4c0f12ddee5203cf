// /api/qw/customer/* (客户): the list, its export and batch tags, the record and its edits. All
// workspace-scoped (X-Work-Id). The acquisition pages link every added customer to its record, so a
// child account with any of those pages may read the record; the rest needs the 'customer' key.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  CustomerBatch,
  CustomerBatchBody,
  CustomerBatchTagBody,
  CustomerCountBody,
  CustomerDetail,
  CustomerDetailBody,
  CustomerExportBody,
  CustomerFollowTagBody,
  CustomerList,
  CustomerListBody,
  CustomerRemarkBody,
  CustomerTotal,
} from '@scrm/contracts/customer';
import { dayKey } from '@scrm/contracts/china-time';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { CustomerBatchService } from './customer-batch.service.js';
import type { CustomerEditService } from './customer-edit.service.js';
import type { CustomerListService } from './customer-list.service.js';
import type { CustomerService } from './customer.service.js';

export const CUSTOMER_DETAIL_PERMISSIONS = ['customer', 'channel-qrcode', 'staff-qrcode', 'customer-qrcode'] as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (filename: string) => `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;

export async function customerRoutes(
  app: Api,
  opts: { customers: CustomerService; customerList: CustomerListService; customerBatches: CustomerBatchService; customerEdits: CustomerEditService },
) {
  const { customers, customerList, customerBatches, customerEdits } = opts;
  const tags = ['客户'];
  const security = [{ bearer: [] }];
  const config = { permission: 'customer', workSpace: true } as const;
  const manage = { permission: 'customer.manage', workSpace: true } as const;

  app.post(
    '/customer/detail',
    {
      config: { permission: CUSTOMER_DETAIL_PERMISSIONS, workSpace: true },
      schema: {
        tags,
        security,
        summary: '客户详情：资料、跟进成员（备注、描述、标签）、来源活码、所在客户群与动态',
        body: CustomerDetailBody,
        response: { 200: Ok(CustomerDetail) },
      },
    },
    async (req) => ok(await customers.detail(workSpaceOf(req), req.body.externalUserid)),
  );
  app.post(
    '/customer/list',
    { config: { ...config, keep: true }, schema: { tags, security, summary: '客户列表：每位客户一行，附跟进成员与标签；按成员、标签、活码、添加时间等筛选', body: CustomerListBody, response: { 200: Ok(CustomerList) } } },
    async (req) => ok(await customerList.list(workSpaceOf(req), req.body)),
  );
  app.post(
    '/customer/count',
    { config, schema: { tags, security, summary: '筛选结果的客户总数：准确数，或后台统计中（列表的 counting 为 true 时轮询）', body: CustomerCountBody, response: { 200: Ok(CustomerTotal) } } },
    async (req) => ok(await customerList.total(workSpaceOf(req), req.body)),
  );
  app.post(
    '/customer/export',
    { config, schema: { tags, security, summary: '导出筛选出的客户（Excel .xlsx，每位客户的每位跟进成员一行）', body: CustomerExportBody } },
    async (req, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment(`客户列表-${dayKey(Date.now()).replaceAll('-', '')}.xlsx`))
        .send(customerList.export(workSpaceOf(req), req.body)),
  );
  app.post(
    '/customer/batch/tag',
    { config: manage, schema: { tags, security, summary: '批量添加 / 移除标签（选中的客户或全部筛选结果），后台逐个调用企业微信', body: CustomerBatchTagBody, response: { 200: Ok(Type.Object({ id: Type.Integer() })) } } },
    async (req) => ok(await customerBatches.startTag(workSpaceOf(req), callerOf(req), req.body)),
  );
  app.post(
    '/customer/batch/info',
    { config, schema: { tags, security, summary: '批量任务的进度与失败明细', body: CustomerBatchBody, response: { 200: Ok(CustomerBatch) } } },
    async (req) => ok(await customerBatches.info(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/customer/remark',
    { config: manage, schema: { tags, security, summary: '修改成员对客户的备注、描述与电话（同步到企业微信）', body: CustomerRemarkBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => ok(await customerEdits.remark(workSpaceOf(req), req.body)),
  );
  app.post(
    '/customer/tag/mark',
    { config: manage, schema: { tags, security, summary: '为成员的客户添加 / 移除标签（同步到企业微信）', body: CustomerFollowTagBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => ok(await customerEdits.tags(workSpaceOf(req), req.body)),
  );
}

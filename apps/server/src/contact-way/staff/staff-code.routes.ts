// /api/qw/staff/code/* (员工活码): workspace-scoped (X-Work-Id), permission 'staff-qrcode' to read, 'staff-qrcode.manage' to change.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { IdBody, IdsBody } from '@scrm/contracts/contact-way';
import { StaffCode, StaffCodeAddBody, StaffCodeAddResult, StaffCodeList, StaffCodeListBody, StaffCodeUpdateBody } from '@scrm/contracts/staff-code';
import { callerOf } from '../../auth/auth.hook.js';
import { ok } from '../../http/envelope.js';
import type { Api } from '../../http/types.js';
import { workSpaceOf } from '../../workspace/workspace.hook.js';
import type { CodeFiguresService } from '../figures/code-figures.service.js';
import { registerCodeFigures } from '../figures/code-figures.routes.js';
import type { StaffCodeService } from './staff-code.service.js';

export async function staffCodeRoutes(app: Api, opts: { codes: StaffCodeService; figures: CodeFiguresService }) {
  const { codes } = opts;
  const tags = ['员工活码'];
  const security = [{ bearer: [] }];
  const config = { permission: 'staff-qrcode', workSpace: true };
  const manage = { permission: 'staff-qrcode.manage', workSpace: true };

  app.post(
    '/staff/code/list',
    { config, schema: { tags, security, summary: '员工活码列表：按成员、名称筛选，今日与累计添加', body: StaffCodeListBody, response: { 200: Ok(StaffCodeList) } } },
    async (req) => ok(await codes.list(workSpaceOf(req), req.body ?? {})),
  );
  app.post(
    '/staff/code/add',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: '批量新建员工活码：每位成员一个单人活码，在后台生成（名称可含 #成员姓名#）',
        body: StaffCodeAddBody,
        response: { 200: Ok(StaffCodeAddResult) },
      },
    },
    async (req) => ok({ ids: await codes.add(workSpaceOf(req), callerOf(req), req.body) }),
  );
  app.post(
    '/staff/code/info',
    { config, schema: { tags, security, summary: '员工活码详情', body: IdBody, response: { 200: Ok(StaffCode) } } },
    async (req) => ok(await codes.info(workSpaceOf(req), req.body.id)),
  );
  app.post(
    '/staff/code/update',
    { config: manage, schema: { tags, security, summary: '修改员工活码（二维码不变）', body: StaffCodeUpdateBody, response: { 200: Ok(StaffCode) } } },
    async (req) => ok(await codes.update(workSpaceOf(req), req.body)),
  );
  app.post(
    '/staff/code/del',
    { config: manage, schema: { tags, security, summary: '删除员工活码（企业微信的二维码随之失效，历史数据保留）', body: IdsBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await codes.delete(workSpaceOf(req), req.body.ids);
      return ok(null);
    },
  );
  app.post(
    '/staff/code/retry',
    { config: manage, schema: { tags, security, summary: '重新生成失败的员工活码', body: IdsBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await codes.retry(workSpaceOf(req), req.body.ids);
      return ok(null);
    },
  );

  registerCodeFigures(app, {
    prefix: '/staff/code',
    kind: 'staff',
    permission: 'staff-qrcode',
    tags,
    notFound: '员工活码不存在',
    figures: opts.figures,
  });
}

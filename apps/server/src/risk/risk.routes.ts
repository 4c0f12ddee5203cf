// /api/qw/risk/plan/* (定时上下线), /api/qw/limit/plan/* (成员加好友上限) and /api/qw/risk/record/*
// (风控记录, one-click restore): workspace-scoped (X-Work-Id), permission 'risk' to read, 'risk.manage' to change.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  CronPlan,
  CronPlanInput,
  CronPlanList,
  CronPlanUpdateBody,
  LimitPlan,
  LimitPlanInput,
  LimitPlanList,
  LimitPlanUpdateBody,
  PlanIdBody,
  PlanListBody,
  RiskRecord,
  RiskRecordList,
  RiskRecordListBody,
  RiskRestoreBody,
} from '@scrm/contracts/risk';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { RiskService } from './risk.service.js';

export async function riskRoutes(app: Api, opts: { risk: RiskService }) {
  const { risk } = opts;
  const security = [{ bearer: [] }];
  const config = { permission: 'risk', workSpace: true };
  const manage = { permission: 'risk.manage', workSpace: true };

  // ---- 定时上下线
  {
    const tags = ['风控：定时上下线'];
    app.post(
      '/risk/plan/list',
      { config, schema: { tags, security, summary: '定时上下线计划列表（成员、当前是否在线、下次切换时间）', body: Type.Optional(PlanListBody), response: { 200: Ok(CronPlanList) } } },
      async (req) => ok(await risk.cronList(workSpaceOf(req), req.body ?? {})),
    );
    app.post(
      '/risk/plan/add',
      { config: manage, schema: { tags, security, summary: '新建定时上下线计划：不在上线时间的成员立即从所有活码下线', body: CronPlanInput, response: { 200: Ok(CronPlan) } } },
      async (req) => ok(await risk.cronAdd(workSpaceOf(req), req.body)),
    );
    app.post(
      '/risk/plan/update',
      { config: manage, schema: { tags, security, summary: '修改、启用或停用定时上下线计划（立即生效）', body: CronPlanUpdateBody, response: { 200: Ok(CronPlan) } } },
      async (req) => ok(await risk.cronUpdate(workSpaceOf(req), req.body)),
    );
    app.post(
      '/risk/plan/info',
      { config, schema: { tags, security, summary: '定时上下线计划详情', body: PlanIdBody, response: { 200: Ok(CronPlan) } } },
      async (req) => ok(await risk.cronInfo(workSpaceOf(req), req.body.id)),
    );
    app.post(
      '/risk/plan/delete',
      { config: manage, schema: { tags, security, summary: '删除定时上下线计划（被它下线的成员立即上线）', body: PlanIdBody, response: { 200: Ok(Type.Null()) } } },
      async (req) => {
        await risk.cronDelete(workSpaceOf(req), req.body.id);
        return ok(null);
      },
    );
  }

  // ---- 成员加好友上限
  {
    const tags = ['风控：成员加好友上限'];
    app.post(
      '/limit/plan/list',
      { config, schema: { tags, security, summary: '成员加好友上限计划列表（当前被下线人数）', body: Type.Optional(PlanListBody), response: { 200: Ok(LimitPlanList) } } },
      async (req) => ok(await risk.limitList(workSpaceOf(req), req.body ?? {})),
    );
    app.post(
      '/limit/plan/add',
      { config: manage, schema: { tags, security, summary: '新建成员加好友上限计划：已达上限的成员立即下线', body: LimitPlanInput, response: { 200: Ok(LimitPlan) } } },
      async (req) => ok(await risk.limitAdd(workSpaceOf(req), req.body)),
    );
    app.post(
      '/limit/plan/update',
      { config: manage, schema: { tags, security, summary: '修改、启用或停用成员加好友上限计划（立即生效）', body: LimitPlanUpdateBody, response: { 200: Ok(LimitPlan) } } },
      async (req) => ok(await risk.limitUpdate(workSpaceOf(req), req.body)),
    );
    app.post(
      '/limit/plan/info',
      { config, schema: { tags, security, summary: '成员加好友上限计划详情', body: PlanIdBody, response: { 200: Ok(LimitPlan) } } },
      async (req) => ok(await risk.limitInfo(workSpaceOf(req), req.body.id)),
    );
    app.post(
      '/limit/plan/delete',
      { config: manage, schema: { tags, security, summary: '删除成员加好友上限计划（被它下线的成员立即上线）', body: PlanIdBody, response: { 200: Ok(Type.Null()) } } },
      async (req) => {
        await risk.limitDelete(workSpaceOf(req), req.body.id);
        return ok(null);
      },
    );
  }

  // ---- 风控记录
  {
    const tags = ['风控：记录'];
    app.post(
      '/risk/record/list',
      { config, schema: { tags, security, summary: '风控记录：每一次自动下线、上线和手动恢复，新的在前', body: Type.Optional(RiskRecordListBody), response: { 200: Ok(RiskRecordList) } } },
      async (req) => ok(await risk.records(workSpaceOf(req), req.body ?? {})),
    );
    app.post(
      '/risk/record/restore',
      { config: manage, schema: { tags, security, summary: '一键恢复上线（本周期内不再因同一原因下线）', body: RiskRestoreBody, response: { 200: Ok(RiskRecord) } } },
      async (req) => ok(await risk.restore(workSpaceOf(req), callerOf(req), req.body.id)),
    );
  }
}

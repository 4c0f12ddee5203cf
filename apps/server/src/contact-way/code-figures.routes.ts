// The figure calls every kind of code shares — daily data, retention, per-member data, overview, the
// customers added and the QR download — registered under each kind's prefix with its permission.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  CodeAddList,
  CodeAddListBody,
  DaySeries,
  IdBody,
  MemberDaySeries,
  MemberFiguresBody,
  MemberFiguresList,
  Overview,
  OverviewBody,
  RangeBody,
  RetentionTable,
} from '@scrm/contracts/contact-way';
import type { Clock } from '../clock/clock.js';
import type { ContactWayKind } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import { ok } from '../http/envelope.js';
import { pageWindow } from '../http/paging.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { CodeStatsRepository, StatsScope } from './code-stats.repository.js';
import type { ContactWayRepository } from './contact-way.repository.js';
import type { ContactWayService } from './contact-way.service.js';

export interface FigureRouteOptions {
  /** e.g. '/lxw' → /api/qw/lxw/data/day … */
  prefix: string;
  kind: ContactWayKind;
  permission: string;
  tags: string[];
  notFound: string;
  stats: CodeStatsRepository;
  repo: ContactWayRepository;
  core: ContactWayService;
  clock: Clock;
}

export function registerCodeFigures(app: Api, o: FigureRouteOptions) {
  const config = { permission: o.permission, workSpace: true };
  const security = [{ bearer: [] }];
  const tags = o.tags;
  const scope = async (req: FastifyRequest, id?: number): Promise<StatsScope> => {
    const ws = workSpaceOf(req);
    if (id !== undefined) {
      const code = await o.repo.find(ws.id, id);
      if (!code || code.kind !== o.kind) throw new AppError(404, o.notFound);
    }
    return { wsId: ws.id, kind: o.kind, id };
  };

  app.post(
    `${o.prefix}/data/day`,
    { config, schema: { tags, security, summary: '按天数据：添加、新客户、删除与净增（不传 id 为全部活码）', body: RangeBody, response: { 200: Ok(DaySeries) } } },
    async (req) => ok(await o.stats.daySeries(await scope(req, req.body.id), req.body.start, req.body.end)),
  );
  app.post(
    `${o.prefix}/keep/data`,
    { config, schema: { tags, security, summary: '客户留存：当天添加的客户 1、7、30 天后仍是好友的人数', body: RangeBody, response: { 200: Ok(RetentionTable) } } },
    async (req) => ok(await o.stats.retention(await scope(req, req.body.id), req.body.start, req.body.end, o.clock.now())),
  );
  app.post(
    `${o.prefix}/memberData`,
    { config, schema: { tags, security, summary: '成员数据：每位成员的添加、删除与净增', body: MemberFiguresBody, response: { 200: Ok(MemberFiguresList) } } },
    async (req) => {
      const b = req.body;
      if ((b.start === undefined) !== (b.end === undefined)) throw new AppError(400, '请同时提供开始和结束日期');
      return ok(await o.stats.memberFigures(await scope(req, b.id), b.start && b.end ? { start: b.start, end: b.end } : undefined));
    },
  );
  app.post(
    `${o.prefix}/data/member`,
    { config, schema: { tags, security, summary: '成员按天数据', body: RangeBody, response: { 200: Ok(MemberDaySeries) } } },
    async (req) => ok(await o.stats.memberDaySeries(await scope(req, req.body.id), req.body.start, req.body.end)),
  );
  app.post(
    `${o.prefix}/date`,
    { config, schema: { tags, security, summary: '数据概览：今日、昨日、累计添加与流失', body: Type.Optional(OverviewBody), response: { 200: Ok(Overview) } } },
    async (req) => ok(await o.stats.overview(await scope(req, req.body?.id), o.clock.now())),
  );
  app.post(
    `${o.prefix}/customer/list`,
    { config, schema: { tags, security, summary: '通过活码添加的客户（欢迎语、标签、删除情况）', body: CodeAddListBody, response: { 200: Ok(CodeAddList) } } },
    async (req) => {
      const { offset, limit } = pageWindow(req.body.page, req.body.pageSize);
      return ok(await o.stats.addList(await scope(req, req.body.id), { offset, limit, userid: req.body.userid }));
    },
  );
  app.post(
    `${o.prefix}/qrcode`,
    { config, schema: { tags, security, summary: '下载活码二维码（PNG）', body: IdBody } },
    async (req, reply) => {
      const ws = workSpaceOf(req);
      const code = await o.repo.find(ws.id, req.body.id);
      if (!code || code.kind !== o.kind) throw new AppError(404, o.notFound);
      const png = await o.core.qrPng(code);
      return reply
        .type('image/png')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${code.name}.png`)}`)
        .send(png);
    },
  );
}

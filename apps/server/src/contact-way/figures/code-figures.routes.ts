// The figure calls every kind of code shares — daily data, retention, per-member data, overview, the
// customers added and the QR download — registered under each kind's prefix with its permission.
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
import type { ContactWayKind } from '../../db/tables.js';
import { ok } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import type { Api } from '../../http/types.js';
import { workSpaceOf } from '../../workspace/workspace.hook.js';
import type { CodeFiguresService } from './code-figures.service.js';

export interface FigureRouteOptions {
  /** e.g. '/lxw' → /api/qw/lxw/data/day … */
  prefix: string;
  kind: ContactWayKind;
  permission: string;
  tags: string[];
  notFound: string;
  figures: CodeFiguresService;
}

export function registerCodeFigures(app: Api, o: FigureRouteOptions) {
  const config = { permission: o.permission, workSpace: true };
  const security = [{ bearer: [] }];
  const tags = o.tags;
  const k = { kind: o.kind, notFound: o.notFound };
  const { figures } = o;

  app.post(
    `${o.prefix}/data/day`,
    { config, schema: { tags, security, summary: '按天数据：添加、新客户、删除与净增（不传 id 为全部活码）', body: RangeBody, response: { 200: Ok(DaySeries) } } },
    async (req) => ok(await figures.daySeries(workSpaceOf(req), k, req.body)),
  );
  app.post(
    `${o.prefix}/keep/data`,
    { config, schema: { tags, security, summary: '客户留存：当天添加的客户 1、7、30 天后仍是好友的人数', body: RangeBody, response: { 200: Ok(RetentionTable) } } },
    async (req) => ok(await figures.retention(workSpaceOf(req), k, req.body)),
  );
  app.post(
    `${o.prefix}/memberData`,
    { config, schema: { tags, security, summary: '成员数据：每位成员的添加、删除与净增', body: MemberFiguresBody, response: { 200: Ok(MemberFiguresList) } } },
    async (req) => ok(await figures.memberFigures(workSpaceOf(req), k, req.body)),
  );
  app.post(
    `${o.prefix}/data/member`,
    { config, schema: { tags, security, summary: '成员按天数据', body: RangeBody, response: { 200: Ok(MemberDaySeries) } } },
    async (req) => ok(await figures.memberDaySeries(workSpaceOf(req), k, req.body)),
  );
  app.post(
    `${o.prefix}/date`,
    { config, schema: { tags, security, summary: '数据概览：今日、昨日、累计添加与流失', body: Type.Optional(OverviewBody), response: { 200: Ok(Overview) } } },
    async (req) => ok(await figures.overview(workSpaceOf(req), k, req.body?.id)),
  );
  app.post(
    `${o.prefix}/customer/list`,
    { config, schema: { tags, security, summary: '通过活码添加的客户（欢迎语、标签、删除情况）', body: CodeAddListBody, response: { 200: Ok(CodeAddList) } } },
    async (req) => {
      const { offset, limit } = pageWindow(req.body.page, req.body.pageSize);
      return ok(await figures.addList(workSpaceOf(req), k, req.body.id, { offset, limit, userid: req.body.userid }));
    },
  );
  app.post(
    `${o.prefix}/qrcode`,
    { config, schema: { tags, security, summary: '下载活码二维码（PNG）', body: IdBody } },
    async (req, reply) => {
      const { name, png } = await figures.qrCode(workSpaceOf(req), k, req.body.id);
      return reply
        .type('image/png')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.png`)}`)
        .send(png);
    },
  );
}

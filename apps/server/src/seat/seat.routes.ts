// 资源包: /api/seat/* (account-wide, or on the work space of X-Work-Id where a member or a target work
// space is meant), /api/qw/seat/member/detail, /api/qw/lxw/remove/bind/seat/batch, and the operations
// calls /api/admin/qw/seat/renew (X-Admin-Token) and the debug path. A child reads with 'package' and
// changes with 'package.manage'. docs/seats.md.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import {
  CodeSeatRemoveBody,
  Seat,
  SeatBindMemberBody,
  SeatCount,
  SeatDebugAddBody,
  SeatFigures,
  SeatIdsBody,
  SeatInfo,
  SeatList,
  SeatListBody,
  SeatMemberBody,
  SeatMemberDetail,
  SeatMemberList,
  SeatMembersBody,
  SeatRenewBody,
  SeatTransferBody,
} from '@scrm/contracts/seat';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { SeatService } from './seat.service.js';

/** The debug path that adds seats (spec: one obscured path); needs DEBUG_LOGIN_CODE, which production refuses. */
export const SEAT_DEBUG_PATH = '/seat/x/grant';

export async function seatRoutes(app: Api, opts: { seats: SeatService }) {
  const { seats } = opts;
  const tags = ['资源包'];
  const security = [{ bearer: [] }];
  const view = { permission: 'package', workSpace: false };
  const viewWs = { permission: 'package', workSpace: true };
  const manage = { permission: 'package.manage', workSpace: false };
  const manageWs = { permission: 'package.manage', workSpace: true };

  app.post(
    '/seat/info',
    { config: view, schema: { tags, security, summary: '席位概况：购买、已用、空闲、30 天内到期，及各企业的席位', response: { 200: Ok(SeatInfo) } } },
    async (req) => ok(await seats.info(callerOf(req))),
  );
  app.post(
    '/seat/num',
    { config: view, schema: { tags, security, summary: '席位数量：购买、已用、空闲、30 天内到期', response: { 200: Ok(SeatFigures) } } },
    async (req) => ok(await seats.num(callerOf(req))),
  );
  app.post(
    '/seat/list',
    { config: view, schema: { tags, security, summary: '席位列表（按状态、企业筛选）', body: SeatListBody, response: { 200: Ok(SeatList) } } },
    async (req) => ok(await seats.list(callerOf(req), req.body ?? {})),
  );
  app.post(
    '/seat/member/bind/details',
    { config: viewWs, schema: { tags, security, summary: '成员的席位（X-Work-Id 指定企业）', body: SeatMembersBody, response: { 200: Ok(SeatMemberList) } } },
    async (req) => ok(await seats.memberSeats(workSpaceOf(req), req.body.userids)),
  );
  app.post(
    '/qw/seat/member/detail',
    {
      config: { permission: ['package', 'staff'], workSpace: true },
      schema: { tags, security, summary: '一位成员的席位（无席位时 seat 为 null）', body: SeatMemberBody, response: { 200: Ok(SeatMemberDetail) } },
    },
    async (req) => ok(await seats.memberDetail(workSpaceOf(req), req.body.userid)),
  );
  app.post(
    '/seat/bind/member',
    { config: manageWs, schema: { tags, security, summary: '为成员绑定席位（指定席位或自动选择空闲席位）', body: SeatBindMemberBody, response: { 200: Ok(Seat) } } },
    async (req) => ok(await seats.bindMember(workSpaceOf(req), callerOf(req), req.body.userid, req.body.id)),
  );
  app.post(
    '/seat/bind',
    { config: manageWs, schema: { tags, security, summary: '绑定席位（同 bind/member）', body: SeatBindMemberBody, response: { 200: Ok(Seat) } } },
    async (req) => ok(await seats.bindMember(workSpaceOf(req), callerOf(req), req.body.userid, req.body.id)),
  );
  app.post(
    '/seat/bind/member/tran',
    { config: manageWs, schema: { tags, security, summary: '把已绑定的席位转移给同企业的另一位成员', body: SeatTransferBody, response: { 200: Ok(Seat) } } },
    async (req) => ok(await seats.transfer(workSpaceOf(req), callerOf(req), req.body.id, req.body.userid)),
  );
  app.post(
    '/seat/bind/qw',
    { config: manageWs, schema: { tags, security, summary: '把空闲席位分配给企业（X-Work-Id）', body: SeatIdsBody, response: { 200: Ok(SeatInfo) } } },
    async (req) => ok(await seats.giveToWorkSpace(workSpaceOf(req), callerOf(req), req.body.ids)),
  );
  app.post(
    '/seat/migrate/by/qw',
    { config: manageWs, schema: { tags, security, summary: '把席位迁移到企业（X-Work-Id）；已绑定的成员随之解绑', body: SeatIdsBody, response: { 200: Ok(SeatInfo) } } },
    async (req) => ok(await seats.migrate(workSpaceOf(req), callerOf(req), req.body.ids)),
  );
  app.post(
    '/seat/remove',
    { config: manage, schema: { tags, security, summary: '解绑席位（席位回到空闲）', body: SeatIdsBody, response: { 200: Ok(SeatInfo) } } },
    async (req) => ok(await seats.remove(callerOf(req), req.body.ids)),
  );
  app.post(
    '/qw/lxw/remove/bind/seat/batch',
    { config: manageWs, schema: { tags, security, summary: '解绑渠道活码全部成员的席位', body: CodeSeatRemoveBody, response: { 200: Ok(SeatCount) } } },
    async (req) => ok({ count: await seats.removeForCode(workSpaceOf(req), callerOf(req), req.body.id) }),
  );
  app.post(
    '/admin/qw/seat/renew',
    {
      config: { public: true },
      schema: {
        tags: ['运维'],
        summary: '运维续费席位（请求头 X-Admin-Token = ADMIN_TOKEN；未配置时拒绝）',
        headers: Type.Object({ 'x-admin-token': Type.Optional(Type.String({ maxLength: 256 })) }),
        body: SeatRenewBody,
        response: { 200: Ok(SeatFigures) },
      },
    },
    async (req) => ok(await seats.renew(req.headers['x-admin-token'] as string | undefined, req.body.accountId, req.body.days, req.body.ids)),
  );
  app.post(
    SEAT_DEBUG_PATH,
    {
      config: { public: true },
      schema: { tags: ['测试'], summary: '调试：为账号添加席位（需配置 DEBUG_LOGIN_CODE，生产模式不可用）', body: SeatDebugAddBody, response: { 200: Ok(SeatFigures) } },
    },
    async (req) => ok(await seats.debugAdd(req.body.code, req.body.accountId, req.body.count, req.body.days)),
  );
}

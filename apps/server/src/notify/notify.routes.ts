// /api/qw/notify/loss/* (流失提醒): workspace-scoped (X-Work-Id); the message centre, the customer list
// and the data centre all show them.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { LossList, LossListBody, LossReadBody } from '@scrm/contracts/data';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { LossAlertService } from './loss-alert.service.js';

export const LOSS_PERMISSIONS = ['notice', 'customer', 'data-customer'] as const;

export async function notifyRoutes(app: Api, opts: { lossAlerts: LossAlertService }) {
  const { lossAlerts } = opts;
  const config = { permission: LOSS_PERMISSIONS, workSpace: true };
  const security = [{ bearer: [] }];
  const tags = ['消息中心'];

  app.post(
    '/notify/loss/list',
    { config, schema: { tags, security, summary: '流失提醒：客户删除成员、成员删除客户（新的在前）', body: LossListBody, response: { 200: Ok(LossList) } } },
    async (req) => ok(await lossAlerts.list(workSpaceOf(req), req.body)),
  );
  app.post(
    '/notify/loss/read',
    { config, schema: { tags, security, summary: '流失提醒标为已读', body: LossReadBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await lossAlerts.markRead(workSpaceOf(req), req.body.ids);
      return ok(null);
    },
  );
}

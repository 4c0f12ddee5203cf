// /api/qw/need/buy/qwAccount, activeCode/detail, bind/qwAccount/batch, by/qwAccount: 接口许可 of a work
// space authorised through the provider or 代开发 — the main account's alone (mainOnly), the work space
// named in the body like /api/qw/info. Thin over LicenceService; bodies in docs/licences.md.
import { Ok } from '@scrm/contracts/api';
import { ActiveCodeBody, ActiveCodeDetail, BindBatchBody, BindBatchResult, ByAccountBody, LicenceNeed, MemberLicenceList, NeedBuyBody } from '@scrm/contracts/licence';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { LicenceService } from './licence.service.js';

const tags = ['企业账号'];
const security = [{ bearer: [] }];
const main = { mainOnly: true, workSpace: false };

export async function licenceRoutes(app: Api, opts: { licences: LicenceService }) {
  const l = opts.licences;

  app.post(
    '/need/buy/qwAccount',
    { config: main, schema: { tags, security, summary: '接口许可：需要购买许可的成员与订单；带 buy 时向服务商下单', body: NeedBuyBody, response: { 200: Ok(LicenceNeed) } } },
    async (req) => ok(await l.need(callerOf(req), req.body)),
  );

  app.post(
    '/activeCode/detail',
    { config: main, schema: { tags, security, summary: '接口许可：订单与激活码及其状态', body: ActiveCodeBody, response: { 200: Ok(ActiveCodeDetail) } } },
    async (req) => ok(await l.activeCodes(callerOf(req), req.body)),
  );

  app.post(
    '/bind/qwAccount/batch',
    { config: main, schema: { tags, security, summary: '接口许可：为成员批量激活账号', body: BindBatchBody, response: { 200: Ok(BindBatchResult) } } },
    async (req) => ok(await l.bindBatch(callerOf(req), req.body)),
  );

  app.post(
    '/by/qwAccount',
    { config: main, schema: { tags, security, summary: '接口许可：成员的许可（全部有客户联系权限的成员，或指定成员）', body: ByAccountBody, response: { 200: Ok(MemberLicenceList) } } },
    async (req) => ok(await l.byAccount(callerOf(req), req.body)),
  );
}

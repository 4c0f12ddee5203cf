// Provider calls under /qyapi/cgi-bin/service: provider and suite tokens, pre-auth codes,
// permanent codes and authorised-corp tokens.
import type { Authorisation } from './provider.js';
import { PRE_AUTH_TTL_S } from './provider.js';
import type { Ctx, Router } from '../wecom/api.js';
import type { Corp } from '../wecom/corp.js';
import { fail } from '../wecom/errors.js';
import { str } from '../wecom/params.js';


function corpInfo(corp: Corp) {
  return {
    corpid: corp.corpId,
    corp_name: corp.corpName,
    corp_type: 'verified',
    corp_square_logo_url: `https://p.qlogo.cn/bizmail/sim/${corp.corpId}/0`,
    corp_user_max: Math.max(200, corp.members.length * 2),
    corp_full_name: corp.corpName,
    subject_type: 1,
    verified_end_time: 1_893_427_200,
    corp_wxqrcode: `https://open.work.weixin.qq.com/wwopen/qrcode/sim/${corp.corpId}`,
    corp_scale: corp.members.length > 1000 ? '1000人以上' : corp.members.length > 100 ? '101-1000人' : '1-100人',
    corp_industry: '零售',
    corp_sub_industry: '零售',
  };
}

function authInfo(auth: Authorisation) {
  const customized = auth.customized;
  return {
    agent: [
      {
        agentid: auth.agentId,
        name: customized ? '企微SCRM（代开发）' : '企微SCRM',
        round_logo_url: 'https://p.qlogo.cn/bizmail/sim/app/0',
        square_logo_url: 'https://p.qlogo.cn/bizmail/sim/app/0',
        appid: 1,
        auth_mode: 0,
        is_customized_app: customized,
        privilege: { level: 1, allow_party: [1], allow_user: [], allow_tag: [], extra_party: [], extra_user: [], extra_tag: [] },
      },
    ],
  };
}

function authUser(corp: Corp, userid: string) {
  const m = corp.member(userid) ?? corp.members[0];
  return m ? { userid: m.userid, open_userid: `wo${m.userid}`, name: m.name, avatar: m.avatar } : {};
}

function permanent(c: Ctx, v2: boolean) {
  const code = str(c.body.auth_code, 'auth_code', { required: true, code: 40078 });
  const pending = c.world.provider.authCodes.get(code);
  if (!pending || pending.suiteId !== c.token.subject) fail(40078, 'invalid auth_code');
  const corp = c.world.corps.get(pending!.corpId) ?? fail(40078, 'invalid auth_code');
  const auth = c.world.provider.authorise(code, (corpId, suiteId) => c.world.agentIdOf(corpId, suiteId)) ?? fail(40078, 'invalid auth_code');
  const out: Record<string, unknown> = {};
  if (!v2 && !auth.customized) {
    const t = c.world.tokens.issue(`third|${auth.suiteId}|${corp.corpId}`, 'corp', corp.corpId, 'third');
    Object.assign(out, { access_token: t.token, expires_in: t.expires_in });
  }
  Object.assign(out, {
    permanent_code: auth.permanentCode,
    auth_corp_info: corpInfo(corp),
    auth_info: authInfo(auth),
    auth_user_info: authUser(corp, auth.authUserid),
  });
  if (pending!.state) out.state = pending!.state;
  return out;
}

function findAuth(c: Ctx): { auth: Authorisation; corp: Corp } {
  const corpId = str(c.body.auth_corpid, 'auth_corpid', { required: true, code: 40013 });
  const code = str(c.body.permanent_code, 'permanent_code', { required: true, code: 40084 });
  const corp = c.world.corps.get(corpId) ?? fail(40013, 'invalid corpid');
  const auth = c.world.provider.findAuth(c.token.subject, corpId, code) ?? fail(40084, 'invalid permanent_code');
  return { auth, corp };
}

export function serviceRoutes(r: Router) {
  r.post('service/get_provider_token', 'none', ({ world, body }) => {
    const p = world.provider.config;
    if (body.corpid !== p.providerCorpId) fail(40013, 'invalid corpid');
    if (body.provider_secret !== p.providerSecret) fail(40001, 'invalid provider_secret');
    const t = world.tokens.issue(`provider|${p.providerCorpId}`, 'provider', p.providerCorpId, 'provider');
    return { provider_access_token: t.token, expires_in: t.expires_in };
  });

  r.post('service/get_suite_token', 'none', ({ world, body }) => {
    const id = typeof body.suite_id === 'string' ? body.suite_id : '';
    if (!world.provider.isSuite(id)) fail(40083, 'invalid suite_id');
    if (body.suite_secret !== world.provider.secretOf(id)) fail(40080, 'invalid suite_secret');
    if (typeof body.suite_ticket !== 'string' || !world.provider.checkTicket(id, body.suite_ticket)) fail(40085, 'invalid suite ticket');
    const t = world.tokens.issue(`suite|${id}`, 'suite', id, 'suite');
    return { suite_access_token: t.token, expires_in: t.expires_in };
  });

  r.get('service/get_pre_auth_code', 'suite', ({ world, token }) => ({
    pre_auth_code: world.provider.newPreAuthCode(token.subject),
    expires_in: PRE_AUTH_TTL_S,
  }));

  r.post('service/set_session_info', 'suite', ({ world, token, body }) => {
    const pre = world.provider.preAuthCodes.get(String(body.pre_auth_code ?? ''));
    if (!pre || pre.suiteId !== token.subject || pre.expiresAt <= Date.now()) fail(40077, 'invalid pre_auth_code');
    const info = body.session_info ?? {};
    if (info.auth_type !== undefined && info.auth_type !== 0 && info.auth_type !== 1) fail(40058, 'invalid parameter: auth_type');
    pre!.authType = info.auth_type ?? 0;
    pre!.appids = Array.isArray(info.appid) ? info.appid : [];
    return {};
  });

  r.post('service/get_permanent_code', 'suite', (c) => permanent(c, false));
  r.post('service/v2/get_permanent_code', 'suite', (c) => permanent(c, true));

  r.post('service/get_corp_token', 'suite', (c) => {
    const { auth, corp } = findAuth(c);
    const scope = auth.customized ? 'customized' : 'third';
    const t = c.world.tokens.issue(`third|${auth.suiteId}|${corp.corpId}`, 'corp', corp.corpId, scope);
    return { access_token: t.token, expires_in: t.expires_in };
  });

  r.post('service/get_auth_info', 'suite', (c) => {
    const { auth, corp } = findAuth(c);
    return { auth_corp_info: corpInfo(corp), auth_info: authInfo(auth) };
  });
}

// gettoken: one token per (corp, secret). The app secret (customer contact), the contacts-sync
// secret, and a 代开发 permanent code (the app's secret in the authorising corp) are accepted.
import { fail } from './errors.js';
import type { Router } from './api.js';
import type { Ctx } from './api.js';
import type { TokenScope } from './tokens.js';

export function authRoutes(r: Router) {
  r.get('gettoken', 'none', ({ world, query }) => {
    if (!query.corpid) fail(41002, 'corpid missing');
    if (!query.corpsecret) fail(41004, 'corpsecret missing');
    const corp = world.corps.get(query.corpid!) ?? fail(40013, 'invalid corpid');
    let scope: TokenScope | undefined;
    if (query.corpsecret === corp.secret) scope = 'app';
    else if (query.corpsecret === corp.contactSecret) scope = 'contact';
    else if (world.provider.auths.some((a) => a.customized && !a.cancelled && a.corpId === corp.corpId && a.permanentCode === query.corpsecret)) {
      scope = 'customized';
    }
    if (!scope) fail(40001, 'invalid credential');
    const t = world.tokens.issue(`corp|${corp.corpId}|${query.corpsecret}`, 'corp', corp.corpId, scope!);
    return { access_token: t.token, expires_in: t.expires_in };
  });
}

/** 48002 unless the token's app may call this: the contacts secret reaches the address book only, and
 * user/list_id takes the contacts secret only. */
export function needScope(c: Ctx, kind: 'customer' | 'contacts-sync') {
  const s = c.token.scope;
  if (kind === 'customer' && s === 'contact') fail(48002, 'api forbidden');
  if (kind === 'contacts-sync' && s !== 'contact') fail(48002, 'api forbidden');
}

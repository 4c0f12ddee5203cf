// A distributor's promotion link (`/?cps=<promoCode>`, docs/distributors.md): the login gate keeps the code
// for this tab (through the reload after registering) and polls its login QR with it, so the account the
// QR registers is the distributor's.
import { CPS_PARAM, PROMO_CODE_PATTERN } from '@scrm/contracts/constants';

const KEY = 'scrm_cps';
const VALID = new RegExp(PROMO_CODE_PATTERN);

function hashQuery(hash: string): URLSearchParams {
  const at = hash.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : hash.slice(at + 1));
}

/** Keeps the promotion code the address carries (search or hash query); a malformed one is ignored. */
export function rememberCps(loc: Pick<Location, 'search' | 'hash'> = window.location): void {
  const code = new URLSearchParams(loc.search).get(CPS_PARAM) ?? hashQuery(loc.hash).get(CPS_PARAM);
  if (!code || !VALID.test(code)) return;
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    /* storage refused: the link works without attribution */
  }
}

export function getCps(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

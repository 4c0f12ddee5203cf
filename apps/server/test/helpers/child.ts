// Child accounts for tests of other domains: a role holding `permissionKeys` as they read before action
// keys (a page with its changes: withActionsBelow, as migration 0023 maps older children) and every work
// space of the main account. Tests of roles themselves (test/account) use the calls directly.
import { withActionsBelow } from '@scrm/contracts/menu';
import type { ApiResult, Harness } from './harness.js';

export interface LegacyChildBody {
  account: string;
  password: string;
  nickname?: string;
  phone?: string;
  permissionKeys: readonly unknown[];
}

let seq = 0;

/** Creates the role (none for no keys) and the child; the child/create answer. */
export async function createChild(h: Harness, body: LegacyChildBody, token: string): Promise<ApiResult> {
  const { permissionKeys, ...child } = body;
  let roleId: number | null = null;
  if (permissionKeys.length) {
    const keys = withActionsBelow(permissionKeys.filter((k): k is string => typeof k === 'string'));
    const role = await h.api('/api/account/child/permission/create', { name: `t${process.pid % 1000}_${++seq}_${body.account}`.slice(0, 30), permissionKeys: keys }, token);
    if (role.status !== 200) return role;
    roleId = role.data.id;
  }
  return h.api('/api/account/child/create', { ...child, roleId, allWorkSpaces: true, workSpaceIds: [] }, token);
}

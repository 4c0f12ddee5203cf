// Work spaces belong to a main account; a child account sees those it is given (or all of them) and acts within them.
// Connecting and managing corps is for the main account (routes mark those calls mainOnly).
import { randomBytes, randomInt } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { AccessType, WorkSpaceList } from '@scrm/contracts/workspace';
import type { QwAddBody, QwUpdateBody, WorkSpaceGuest, WorkSpaceInfo } from '@scrm/contracts/qw';
import { WecomError } from '@scrm/wecom/errors';
import type { AuthContext } from '../auth/session.service.js';
import { isUniqueViolation } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import { bindingOf, type SecretBox } from '../wecom/secret-box.js';
import { wecomFailure, type WecomGateway } from '../wecom/wecom-gateway.js';
import { percentOf, type StoredProgress, type SyncService } from '../sync/sync.service.js';
import type { WorkSpace, WorkSpaceRepository } from './workspace.repository.js';

export const ownerOf = (caller: AuthContext) => caller.parentId ?? caller.accountId;

export const workSpaceNotFound = () => new AppError(404, '企业不存在');

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomAlnum = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** Codes that say the credentials themselves are wrong (not a missing permission). */
const BAD_CREDENTIAL = new Set([40001, 40013, 40014, 42001, 40082, 42009, 40084, 40085, 48004, 40056]);

function parseProgress(text: string): StoredProgress {
  try {
    const p = JSON.parse(text) as Partial<StoredProgress>;
    return { phase: p.phase ?? '', done: p.done ?? 0, total: p.total ?? 0 };
  } catch {
    return { phase: '', done: 0, total: 0 };
  }
}

export function syncOf(ws: WorkSpace) {
  const p = parseProgress(ws.sync_progress);
  return {
    status: ws.sync_status as 'idle' | 'running' | 'done' | 'failed',
    phase: p.phase,
    done: p.done,
    total: p.total,
    percent: percentOf(ws.sync_status, p),
    syncedAt: ws.synced_at,
    error: ws.sync_error,
  };
}

export interface AuthorizedCorp {
  accessType: 'third' | 'replace';
  corpId: string;
  corpName: string;
  agentId: string;
  permanentCode: string;
}

export class WorkSpaceService {
  constructor(
    private readonly workSpaces: WorkSpaceRepository,
    private readonly deps: { gateway: WecomGateway; secrets: SecretBox; sync: SyncService; publicUrl: string; trustedIps: string[] },
  ) {}

  /** The work spaces a corp authorised for a provider app (third) or a 代开发 template (replace). */
  authorizedIds(accessType: 'third' | 'replace', corpId: string): Promise<number[]> {
    return this.workSpaces.idsByCorp(corpId, accessType);
  }

  async list(caller: AuthContext, page?: number, pageSize?: number): Promise<WorkSpaceList> {
    const owner = ownerOf(caller);
    const { offset, limit } = pageWindow(page, pageSize);
    const only = caller.workSpaceIds;
    const [rows, total] = await Promise.all([
      this.workSpaces.listByOwner(owner, offset, limit, only),
      this.workSpaces.countByOwner(owner, only),
    ]);
    return {
      list: rows.map((r) => ({ id: r.id, nickname: r.nickname, accessType: r.access_type as AccessType })),
      total,
    };
  }

  /** The work space `id` if it belongs to the caller's tenant and, for a child, is one it is given; else 404 「企业不存在」. */
  async owned(caller: AuthContext, id: number): Promise<WorkSpace> {
    if (caller.workSpaceIds && !caller.workSpaceIds.includes(id)) throw workSpaceNotFound();
    const ws = await this.workSpaces.find(id);
    if (!ws || ws.account_id !== ownerOf(caller)) throw workSpaceNotFound();
    return ws;
  }

  /** Which of `ids` are work spaces of the main account `owner` (a child's work spaces are checked with it). */
  idsOwnedBy(owner: number, ids: readonly number[]): Promise<number[]> {
    return this.workSpaces.idsOfOwner(owner, ids);
  }

  /** The work space named by the X-Work-Id header of a workspace-scoped call. */
  async scoped(caller: AuthContext, header: string | string[] | undefined): Promise<WorkSpace> {
    const raw = Array.isArray(header) ? header[0] : header;
    if (!raw || raw === '0') throw new AppError(400, '请先选择企业微信');
    if (!/^\d{1,9}$/.test(raw)) throw new AppError(400, '参数错误：X-Work-Id 应为企业 ID');
    return this.owned(caller, Number(raw));
  }

  infoOf(ws: WorkSpace): WorkSpaceInfo {
    return {
      id: ws.id,
      nickname: ws.nickname,
      accessType: ws.access_type as AccessType,
      corpId: ws.corp_id ?? '',
      corpName: ws.corp_name,
      agentId: ws.agent_id,
      callbackUrl: `${this.deps.publicUrl}/api/wecom/callback/${ws.id}`,
      token: ws.callback_token,
      encodingAesKey: ws.callback_aes_key,
      status: {
        tokenOk: ws.token_ok === 1,
        callbackVerified: ws.callback_verified === 1,
        contactPermission: ws.contact_permission === 1,
        lastCheckedAt: ws.last_checked_at,
      },
      sync: syncOf(ws),
      createdAt: ws.created_at,
    };
  }

  async info(caller: AuthContext, id: number): Promise<WorkSpaceInfo> {
    return this.infoOf(await this.owned(caller, id));
  }

  async guest(caller: AuthContext, id: number): Promise<WorkSpaceGuest> {
    const ws = await this.owned(caller, id);
    return { id: ws.id, nickname: ws.nickname, accessType: ws.access_type as AccessType };
  }

  private async verify(corpId: string, secret: string): Promise<void> {
    try {
      await this.deps.gateway.verifySecret(corpId, secret);
    } catch (err) {
      throw wecomFailure(err);
    }
  }

  /** Self-built (internal) or direct: checks the secret with gettoken, saves, starts the first sync. */
  async add(caller: AuthContext, body: QwAddBody): Promise<WorkSpaceInfo> {
    const owner = ownerOf(caller);
    const corpId = body.corpId.trim();
    if (await this.workSpaces.findByCorp(owner, corpId)) throw new AppError(409, '该企业微信已接入，请勿重复添加');
    await this.verify(corpId, body.secret);
    const now = Date.now();
    let id: number;
    try {
      id = await this.workSpaces.insert({
        account_id: owner,
        nickname: body.nickname.trim(),
        access_type: body.accessType,
        created_at: now,
        updated_at: now,
        corp_id: corpId,
        agent_id: body.agentId ?? '',
        secret_enc: await this.deps.secrets.seal(body.secret, bindingOf('secret_enc', { account_id: owner, corp_id: corpId })),
        permanent_code_enc: null,
        callback_token: randomAlnum(32),
        callback_aes_key: randomAlnum(43),
        token_ok: 1,
        last_checked_at: now,
        sync_status: 'running',
        sync_progress: JSON.stringify({ phase: 'department', done: 0, total: 0 }),
        synced_at: null,
        sync_error: null,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '该企业微信已接入，请勿重复添加');
      throw err;
    }
    await this.deps.sync.start(id);
    return this.info(caller, id);
  }

  /** A corp authorised through the provider (third) or the 代开发 template (replace). */
  async saveAuthorized(owner: number, corp: AuthorizedCorp): Promise<number> {
    const sealed = await this.deps.secrets.seal(corp.permanentCode, bindingOf('permanent_code_enc', { account_id: owner, corp_id: corp.corpId }));
    const existing = await this.workSpaces.findByCorp(owner, corp.corpId);
    const now = Date.now();
    if (existing) {
      await this.workSpaces.update(existing.id, {
        access_type: corp.accessType,
        corp_name: corp.corpName,
        agent_id: corp.agentId,
        permanent_code_enc: sealed,
        token_ok: 1,
        last_checked_at: now,
      });
      await this.deps.sync.start(existing.id);
      return existing.id;
    }
    const id = await this.workSpaces.insert({
      account_id: owner,
      nickname: corp.corpName || corp.corpId,
      access_type: corp.accessType,
      created_at: now,
      updated_at: now,
      corp_id: corp.corpId,
      corp_name: corp.corpName,
      agent_id: corp.agentId,
      secret_enc: null,
      permanent_code_enc: sealed,
      callback_token: randomAlnum(32),
      callback_aes_key: randomAlnum(43),
      token_ok: 1,
      last_checked_at: now,
      synced_at: null,
      sync_error: null,
    });
    await this.deps.sync.start(id);
    return id;
  }

  async update(caller: AuthContext, body: QwUpdateBody): Promise<WorkSpaceInfo> {
    const ws = await this.owned(caller, body.id);
    const changes: Parameters<WorkSpaceRepository['update']>[1] = {};
    if (body.nickname !== undefined) changes.nickname = body.nickname.trim();
    if (body.agentId !== undefined) changes.agent_id = body.agentId;
    if (body.secret !== undefined) {
      if (ws.access_type !== 'internal' && ws.access_type !== 'direct') throw new AppError(400, '授权接入的企业无需填写 Secret');
      await this.verify(ws.corp_id ?? '', body.secret);
      changes.secret_enc = await this.deps.secrets.seal(body.secret, bindingOf('secret_enc', ws));
      changes.token_ok = 1;
      changes.last_checked_at = Date.now();
    }
    await this.workSpaces.update(ws.id, changes);
    return this.info(caller, ws.id);
  }

  async delete(caller: AuthContext, id: number): Promise<void> {
    const ws = await this.owned(caller, id);
    await this.workSpaces.delete(ws.id);
  }

  async startSync(caller: AuthContext, id: number): Promise<WorkSpaceInfo> {
    const ws = await this.owned(caller, id);
    if (!(await this.deps.sync.isRunning(ws.id))) await this.deps.sync.start(ws.id);
    return this.info(caller, ws.id);
  }

  /** Token works, callback verified (set by the verification GET), customer-contact permission. */
  async checkStatus(caller: AuthContext, id: number): Promise<WorkSpaceInfo> {
    const ws = await this.owned(caller, id);
    let tokenOk = false;
    let contact = false;
    try {
      const api = await this.deps.gateway.corp(ws);
      tokenOk = true;
      try {
        await api.followUserList();
        contact = true;
      } catch (err) {
        if (err instanceof WecomError && BAD_CREDENTIAL.has(err.errcode)) tokenOk = false;
      }
      if (tokenOk && !contact) await api.departmentList().catch((err: unknown) => {
        if (err instanceof WecomError && BAD_CREDENTIAL.has(err.errcode)) tokenOk = false;
      });
    } catch {
      tokenOk = false;
    }
    await this.workSpaces.update(ws.id, { token_ok: tokenOk ? 1 : 0, contact_permission: contact ? 1 : 0, last_checked_at: Date.now() });
    return this.info(caller, ws.id);
  }

  async markAuthCancelled(id: number): Promise<void> {
    await this.workSpaces.update(id, { token_ok: 0, contact_permission: 0, last_checked_at: Date.now() });
  }

  /** A new permanent code for every work space of that corp and access type. */
  async replacePermanentCode(accessType: 'third' | 'replace', corpId: string, permanentCode: string): Promise<void> {
    for (const ws of await this.workSpaces.listByCorp(corpId, accessType)) {
      const sealed = await this.deps.secrets.seal(permanentCode, bindingOf('permanent_code_enc', ws));
      await this.workSpaces.update(ws.id, { permanent_code_enc: sealed, token_ok: 1, last_checked_at: Date.now() });
    }
  }

  async markCallbackVerified(id: number): Promise<void> {
    await this.workSpaces.update(id, { callback_verified: 1 });
  }

  find(id: number) {
    return this.workSpaces.find(id);
  }

  /** The egress IPs to whitelist in WeCom: TRUSTED_IPS, else this host's non-internal IPv4 addresses. */
  trustedIps(): string[] {
    if (this.deps.trustedIps.length) return this.deps.trustedIps;
    const ips = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    return [...new Set(ips)];
  }
}

/** Random token for state parameters. */
export const newState = () => randomBytes(16).toString('hex');

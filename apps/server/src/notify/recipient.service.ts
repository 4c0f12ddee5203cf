// 消息中心's setup: which classes an account sends (and which also by SMS), the recipients, the classes
// each receives, and binding a recipient's WeChat user by a scan of the official account's QR
// (a `notify` qr_scene; the scan binds at once, the console polls for the result).
import { NOTIFY_CLASSES, NOTIFY_CLASS_KEYS, type NotifyBindBody, type NotifyBindPoll, type NotifyClassKey, type NotifyClassList, type NotifyClassSetting, type NotifyClassUpdateBody, type NotifyPageBody, type NotifyRecipient, type NotifyRecipientList } from '@scrm/contracts/notify';
import type { QrCodeData } from '@scrm/contracts/account';
import type { AuthContext } from '../auth/session.service.js';
import type { Clock } from '../clock/clock.js';
import type { QrSceneService } from '../gzh/qr-scene.service.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import { ownerOf } from '../workspace/workspace.service.js';
import type { RecipientRepository, RecipientRow } from './recipient.repository.js';

const notFound = () => new AppError(404, '接收人不存在');
const invalidQr = () => new AppError(400, '二维码无效');

export const toRecipient = (r: RecipientRow): NotifyRecipient => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  openid: r.openid,
  classes: (JSON.parse(r.classes) as NotifyClassKey[]).filter((k) => NOTIFY_CLASS_KEYS.includes(k)),
  boundAt: r.bound_at === null ? null : Number(r.bound_at),
  createdAt: Number(r.created_at),
});

export class RecipientService {
  constructor(private readonly deps: { repo: RecipientRepository; scenes: QrSceneService; clock: Clock }) {}

  /** Every class with the account's choice, or its default (on; SMS for the urgent ones). */
  async settings(accountId: number): Promise<NotifyClassSetting[]> {
    const saved = new Map((await this.deps.repo.classSettings(accountId)).map((r) => [r.class_key, r]));
    return NOTIFY_CLASSES.map((c) => {
      const s = saved.get(c.key);
      return { key: c.key, name: c.name, description: c.description, enabled: s ? s.enabled === 1 : true, sms: s ? s.sms === 1 : c.urgent };
    });
  }

  async classes(caller: AuthContext): Promise<NotifyClassList> {
    return { list: await this.settings(ownerOf(caller)) };
  }

  async updateClass(caller: AuthContext, b: NotifyClassUpdateBody): Promise<NotifyClassSetting> {
    const owner = ownerOf(caller);
    const current = (await this.settings(owner)).find((s) => s.key === b.key)!;
    const next = { ...current, ...(b.enabled === undefined ? {} : { enabled: b.enabled }), ...(b.sms === undefined ? {} : { sms: b.sms }) };
    await this.deps.repo.saveClassSetting({ account_id: owner, class_key: b.key, enabled: next.enabled ? 1 : 0, sms: next.sms ? 1 : 0, updated_at: this.deps.clock.now() });
    return next;
  }

  async list(caller: AuthContext, b: NotifyPageBody): Promise<NotifyRecipientList> {
    const { rows, total } = await this.deps.repo.list(ownerOf(caller), pageWindow(b.page, b.pageSize));
    return { list: rows.map(toRecipient), total };
  }

  /** The recipients of an account who chose a class (the delivery planner's read). */
  recipientsFor(accountId: number, classKey: NotifyClassKey): Promise<RecipientRow[]> {
    return this.deps.repo.withClass(accountId, classKey);
  }

  counts(accountId: number) {
    return this.deps.repo.counts(accountId);
  }

  private async change(caller: AuthContext, id: number, set: Partial<Pick<RecipientRow, 'name' | 'phone' | 'classes'>>): Promise<NotifyRecipient> {
    const owner = ownerOf(caller);
    if (!(await this.deps.repo.update(owner, id, { ...set, updated_at: this.deps.clock.now() }))) throw notFound();
    return toRecipient((await this.deps.repo.find(owner, id))!);
  }

  rename(caller: AuthContext, id: number, name: string): Promise<NotifyRecipient> {
    if (!name.trim()) throw new AppError(400, '请填写姓名');
    return this.change(caller, id, { name: name.trim() });
  }

  /** Whether a recipient still receives at this target (not deleted, not bound to another WeChat user since). */
  async stillAt(accountId: number, id: number, channel: 'gzh' | 'sms', target: string): Promise<boolean> {
    const r = await this.deps.repo.find(accountId, id);
    return Boolean(r && (channel === 'gzh' ? r.openid === target : r.phone === target));
  }

  setPhone(caller: AuthContext, id: number, phone: string): Promise<NotifyRecipient> {
    return this.change(caller, id, { phone });
  }

  setClasses(caller: AuthContext, id: number, classes: NotifyClassKey[]): Promise<NotifyRecipient> {
    const chosen = NOTIFY_CLASS_KEYS.filter((k) => classes.includes(k));
    return this.change(caller, id, { classes: JSON.stringify(chosen) });
  }

  /** Deleted at once; the log keeps the messages sent to them. */
  async remove(caller: AuthContext, id: number): Promise<void> {
    if (!(await this.deps.repo.delete(ownerOf(caller), id))) throw notFound();
  }

  /** A QR that binds the WeChat user who scans it: to recipient `id`, or to a new recipient (name, phone). */
  async bindCode(caller: AuthContext, b: NotifyBindBody): Promise<QrCodeData> {
    const owner = ownerOf(caller);
    let name = b.name?.trim() ?? '';
    let phone = b.phone ?? '';
    if (b.id !== undefined) {
      const r = await this.deps.repo.find(owner, b.id);
      if (!r) throw notFound();
      name ||= r.name;
      phone ||= r.phone;
    } else if (!name) throw new AppError(400, '请填写接收人姓名');
    const qr = await this.deps.scenes.create('notify', owner);
    await this.deps.repo.insertBind({ code: qr.code, account_id: owner, recipient_id: b.id ?? null, name, phone, created_at: Date.now() });
    return qr;
  }

  /** `waiting` until scanned, then `bound` with the recipient; another account's or a used-up code is 「二维码无效」. */
  async poll(caller: AuthContext, code: string): Promise<NotifyBindPoll> {
    const owner = ownerOf(caller);
    const scene = await this.deps.scenes.find(code);
    if (!scene || scene.purpose !== 'notify' || scene.account_id !== owner) throw invalidQr();
    if (scene.status === 'done' && scene.openid) {
      const r = await this.deps.repo.findByOpenid(owner, scene.openid);
      if (!r) throw new AppError(400, '接收人已被删除，请重新绑定');
      return { status: 'bound', recipient: toRecipient(r) };
    }
    if (scene.expires_at <= Date.now()) throw new AppError(400, '二维码已过期，请刷新');
    return { status: 'waiting', recipient: null };
  }

  /** Daily cleanup: bind requests made before `before` (their QR lives 10 minutes). */
  purgeBinds(before: number): Promise<void> {
    return this.deps.repo.deleteBindsBefore(before);
  }

  /** The official account's callback: a notify QR was scanned by `openid`. */
  async scanned(code: string, openid: string): Promise<void> {
    const bind = await this.deps.repo.findBind(code);
    if (!bind) return;
    await this.deps.repo.bindScanned(bind, openid, this.deps.clock.now(), { classes: NOTIFY_CLASS_KEYS }, (trx) => this.deps.scenes.markDone(code, trx));
  }
}

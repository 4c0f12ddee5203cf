// 素材库: materials in groups, files uploaded through our server, and their WeCom media ids, which
// last 3 days: reused while enough time remains, uploaded again otherwise, and renewed hourly (the
// `media_renew` job) for files that live materials still use.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { CorpApi, MomentAttachment, MsgAttachment } from '@scrm/wecom/client';
import type {
  Material,
  MaterialFile,
  MaterialGroup,
  MaterialGroupList,
  MaterialInput,
  MaterialList,
  MaterialListBody,
  MaterialType,
  MaterialUpdateBody,
  UploadKind,
} from '@scrm/contracts/material';
import type { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../db/database.js';
import type { MaterialTable } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { JobContext } from '../jobs/job-queue.js';
import type { WecomGateway } from '../wecom/wecom-gateway.js';
import type { WorkSpace, WorkSpaceRepository } from '../workspace/workspace.repository.js';
import type { MaterialMedia, MaterialRepository, MaterialRow } from './material.repository.js';
import { checkUpload, cleanFileName, fitsKind } from './upload-check.js';

const HOUR = 3_600_000;
/** WeCom keeps a temporary media id for 3 days. */
export const MEDIA_TTL_MS = 72 * HOUR;
/** A cached media id is reused while more than this remains (a message may wait before it is sent). */
export const MEDIA_REUSE_MIN_MS = 12 * HOUR;
/** An upload no material points at is deleted after this. */
const UNUSED_FILE_TTL_MS = 86_400_000;
/** media_renew uploads again what runs out within this. */
export const MEDIA_RENEW_WITHIN_MS = 24 * HOUR;
/** Attachments of one welcome message or push (WeCom's limit). */
export const MAX_ATTACHMENTS = 9;
export const MEDIA_RENEW_JOB = 'media_renew';

type MediaType = 'image' | 'video' | 'file';
/** Media of moments go through media/upload_attachment; cached apart from media/upload's under these types. */
const MOMENT_MEDIA = { image: 'moment-image', video: 'moment-video' } as const;
type CachedMediaType = MediaType | (typeof MOMENT_MEDIA)[keyof typeof MOMENT_MEDIA];
type MaterialValues = Pick<Insertable<MaterialTable>, 'title' | 'group_id' | 'content' | 'url' | 'appid' | 'page' | 'file_id' | 'cover_file_id'> & { title: string };

const RESERVED_GROUP_NAMES = new Set(['全部', '未分组']);

const notFound = () => new AppError(404, '素材不存在或已删除');
const groupNotFound = () => new AppError(404, '分组不存在');
const fileNotFound = () => new AppError(404, '文件不存在，请重新上传');

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string } | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Both drivers hand back a Buffer; anything else (a Uint8Array) is wrapped without a copy. */
const asBuffer = (b: Buffer | Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

export interface MaterialServiceDeps {
  repo: MaterialRepository;
  workSpaces: WorkSpaceRepository;
  gateway: WecomGateway;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface UploadInput {
  kind: UploadKind;
  name: string | undefined;
  mime: string;
  data: Buffer;
}

export class MaterialService {
  constructor(private readonly deps: MaterialServiceDeps) {}

  get repo() {
    return this.deps.repo;
  }

  private get workSpaces() {
    return this.deps.workSpaces;
  }

  /** The public (unguessable) address of a stored file. */
  fileUrl(id: number, token: string): string {
    return `${this.deps.publicUrl}/api/material/file/${id}/${token}`;
  }

  // ---------------------------------------------------------------- materials

  async list(ws: WorkSpace, body: MaterialListBody): Promise<MaterialList> {
    const q = { type: body.type, types: body.types, groupId: body.groupId, keyword: body.keyword, ids: body.ids };
    // Exactly these ids: all of them, whatever the page.
    const { offset, limit } = body.ids ? { offset: 0, limit: Math.max(body.ids.length, 1) } : pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([this.repo.list(ws.id, { ...q, offset, limit }), this.repo.count(ws.id, q)]);
    return { list: rows.map((r) => this.toMaterial(r)), total };
  }

  async get(ws: WorkSpace, id: number): Promise<Material> {
    const row = await this.repo.find(ws.id, id);
    if (!row) throw notFound();
    return this.toMaterial(row);
  }

  async add(ws: WorkSpace, createdBy: number | null, input: MaterialInput): Promise<Material> {
    const values = await this.valuesOf(ws.id, input);
    const now = Date.now();
    const id = await this.write(() =>
      this.repo.insert({ ...values, work_space_id: ws.id, type: input.type, created_by: createdBy, created_at: now, updated_at: now }),
    );
    return this.get(ws, id);
  }

  async update(ws: WorkSpace, body: MaterialUpdateBody): Promise<Material> {
    const current = await this.repo.find(ws.id, body.id);
    if (!current) throw notFound();
    // Welcome messages and pushes hold the id: its kind of attachment stays what they chose.
    if (current.type !== body.type) throw new AppError(400, '素材类型不能修改，如需其他类型请新建素材');
    // No groupId in the body: the material stays where it is.
    const values = await this.valuesOf(ws.id, { ...body, groupId: body.groupId === undefined ? current.group_id : body.groupId });
    const n = await this.write(() => this.repo.update(ws.id, body.id, { ...values, updated_at: Date.now() }));
    if (!n) throw notFound();
    return this.get(ws, body.id);
  }

  /** Soft delete: messages that hold one skip it when sent. All ids must be live materials of the work space. */
  async delete(ws: WorkSpace, ids: number[]): Promise<void> {
    await this.mustAllExist(ws.id, ids);
    await this.repo.updateMany(ws.id, [...new Set(ids)], { deleted_at: Date.now() });
  }

  async move(ws: WorkSpace, ids: number[], groupId: number | null): Promise<void> {
    if (groupId !== null && !(await this.repo.findGroup(ws.id, groupId))) throw groupNotFound();
    await this.mustAllExist(ws.id, ids);
    await this.write(() => this.repo.updateMany(ws.id, [...new Set(ids)], { group_id: groupId, updated_at: Date.now() }));
  }

  private async mustAllExist(wsId: number, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await this.repo.liveByIds(wsId, unique);
    if (found.length !== unique.length) throw notFound();
  }

  /** Runs a write, turning a group or file deleted meanwhile into a 404 rather than a 500. */
  private async write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw groupNotFound();
      throw err;
    }
  }

  /** The columns of a material of `input.type`, checked: a 400 names what is missing or wrong. */
  private async valuesOf(wsId: number, input: MaterialInput): Promise<MaterialValues> {
    const title = input.title.trim();
    if (!title) throw new AppError(400, '请输入素材标题');
    const groupId = input.groupId ?? null;
    if (groupId !== null && !(await this.repo.findGroup(wsId, groupId))) throw groupNotFound();
    const base = { title, group_id: groupId, content: '', url: '', appid: '', page: '', file_id: null, cover_file_id: null };
    const content = (input.content ?? '').trim();
    switch (input.type) {
      case 'text':
        if (!content) throw new AppError(400, '请输入文本内容');
        return { ...base, content };
      case 'image':
      case 'video':
      case 'file': {
        const label = { image: '图片', video: '视频', file: '文件' }[input.type];
        if (!input.fileId) throw new AppError(400, `请上传${label}`);
        await this.fileOf(wsId, input.fileId, input.type, `请上传 ${input.type === 'image' ? 'JPG、PNG 格式的图片' : input.type === 'video' ? 'MP4 格式的视频' : '文件'}`);
        return { ...base, file_id: input.fileId };
      }
      case 'link': {
        const url = (input.url ?? '').trim();
        if (!url) throw new AppError(400, '请输入链接地址');
        if (!isHttpUrl(url)) throw new AppError(400, '链接地址须以 http:// 或 https:// 开头');
        // WeCom's limits of a link card, in UTF-8 bytes.
        if (Buffer.byteLength(title) > 128) throw new AppError(400, '链接标题不能超过 128 字节（约 42 个汉字）');
        if (Buffer.byteLength(content) > 512) throw new AppError(400, '链接描述不能超过 512 字节（约 170 个汉字）');
        if (input.coverFileId) await this.fileOf(wsId, input.coverFileId, 'image', '封面须为 JPG、PNG 格式的图片');
        return { ...base, content, url, cover_file_id: input.coverFileId ?? null };
      }
      case 'miniprogram': {
        const appid = (input.appid ?? '').trim();
        const page = (input.page ?? '').trim();
        if (Buffer.byteLength(title) > 64) throw new AppError(400, '小程序标题不能超过 64 字节（约 21 个汉字）');
        if (!appid) throw new AppError(400, '请输入小程序 AppID');
        if (!/^wx[0-9a-zA-Z]{16}$/.test(appid)) throw new AppError(400, '小程序 AppID 格式不正确（以 wx 开头，共 18 位）');
        if (!page) throw new AppError(400, '请输入小程序页面路径');
        // WeCom's rule for a mini-program card's page.
        if (!/\.html(\?.*)?$/.test(page)) throw new AppError(400, '小程序页面路径须以 .html 结尾，如 pages/index/index.html');
        if (!input.coverFileId) throw new AppError(400, '请上传小程序封面');
        await this.fileOf(wsId, input.coverFileId, 'image', '封面须为 JPG、PNG 格式的图片');
        return { ...base, appid, page, cover_file_id: input.coverFileId };
      }
    }
  }

  private async fileOf(wsId: number, fileId: number, kind: UploadKind, wrongKind: string) {
    const file = await this.repo.fileInfo(wsId, fileId);
    if (!file) throw fileNotFound();
    if (!fitsKind(kind, file)) throw new AppError(400, wrongKind);
    return file;
  }

  private fileOfRow(id: number | null, name: string | null, mime: string | null, size: number | null, token: string | null): MaterialFile | null {
    if (id === null || token === null) return null;
    return { fileId: id, name: name ?? '', mime: mime ?? '', size: Number(size ?? 0), url: this.fileUrl(id, token) };
  }

  private toMaterial(r: MaterialRow): Material {
    return {
      id: r.id,
      type: r.type as MaterialType,
      title: r.title,
      groupId: r.group_id,
      groupName: r.group_name ?? '',
      content: r.content,
      url: r.url,
      appid: r.appid,
      page: r.page,
      file: this.fileOfRow(r.file_id, r.f_name, r.f_mime, r.f_size, r.f_token),
      cover: this.fileOfRow(r.cover_file_id, r.c_name, r.c_mime, r.c_size, r.c_token),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  }

  // ---------------------------------------------------------------- groups

  async groups(ws: WorkSpace): Promise<MaterialGroupList> {
    const [rows, ungrouped] = await Promise.all([this.repo.listGroups(ws.id), this.repo.countUngrouped(ws.id)]);
    return { list: rows.map((g) => ({ id: g.id, name: g.name, count: Number(g.count ?? 0) })), ungrouped };
  }

  async addGroup(ws: WorkSpace, rawName: string): Promise<MaterialGroup> {
    const name = this.groupName(rawName);
    try {
      const id = await this.repo.insertGroup(ws.id, name, Date.now());
      return { id, name, count: 0 };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '分组名称已存在');
      throw err;
    }
  }

  async updateGroup(ws: WorkSpace, id: number, rawName: string): Promise<MaterialGroup> {
    const name = this.groupName(rawName);
    try {
      if (!(await this.repo.renameGroup(ws.id, id, name))) throw groupNotFound();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '分组名称已存在');
      throw err;
    }
    const groups = await this.groups(ws);
    return groups.list.find((g) => g.id === id) ?? { id, name, count: 0 };
  }

  async deleteGroup(ws: WorkSpace, id: number): Promise<void> {
    if (!(await this.repo.deleteGroup(ws.id, id))) throw groupNotFound();
  }

  private groupName(raw: string): string {
    const name = raw.trim();
    if (!name) throw new AppError(400, '请输入分组名称');
    if (RESERVED_GROUP_NAMES.has(name)) throw new AppError(400, `「${name}」为系统分组名称，请换一个`);
    return name;
  }

  // ---------------------------------------------------------------- files

  async upload(ws: WorkSpace, file: UploadInput): Promise<MaterialFile> {
    const name = cleanFileName(file.name, { image: '图片', video: '视频', file: '文件' }[file.kind]);
    const mime = checkUpload(file.kind, { name, mime: file.mime, data: file.data });
    const token = randomBytes(16).toString('hex');
    const id = await this.repo.insertFile({
      work_space_id: ws.id,
      name,
      mime,
      size: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      token,
      bytes: file.data,
      created_at: Date.now(),
    });
    return { fileId: id, name, size: file.data.length, mime, url: this.fileUrl(id, token) };
  }

  /** The daily cleanup: uploads no material has used for a day go (a form left unsaved, a replaced file). */
  purgeUnusedFiles(now = Date.now()): Promise<number> {
    return this.repo.deleteUnusedFiles(now - UNUSED_FILE_TTL_MS);
  }

  /** A file by its public address, or undefined; `open` streams its bytes a slice at a time. */
  async publicFile(id: number, token: string) {
    const row = await this.repo.publicFile(id, token);
    if (!row) return undefined;
    const size = Number(row.size);
    // Byte mode: the stream reads the next slice only once the one before has been taken.
    return { ...row, size, open: () => Readable.from(this.repo.fileSlices(id, size), { objectMode: false }) };
  }

  // ---------------------------------------------------------------- what other domains call

  /** Checks the attachments a welcome message or push wants to send: live, not text, at most 9. */
  async checkAttachments(wsId: number, ids: number[]): Promise<void> {
    if (ids.length > MAX_ATTACHMENTS) throw new AppError(400, `附件最多 ${MAX_ATTACHMENTS} 个`);
    const rows = await this.repo.liveByIds(wsId, [...new Set(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const m = byId.get(id);
      if (!m) throw new AppError(400, '素材不存在或已删除');
      if (m.type === 'text') throw new AppError(400, '文本素材请插入到欢迎语正文中');
    }
  }

  /**
   * The WeCom attachments of these materials, in this order, skipping those deleted meanwhile (and
   * text ones). Uploads the media WeCom needs, or reuses a cached media id with time to spare.
   */
  async attachments(ws: WorkSpace, api: CorpApi, ids: number[]): Promise<MsgAttachment[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await this.repo.list(ws.id, { ids: unique, offset: 0, limit: unique.length });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: MsgAttachment[] = [];
    for (const id of ids) {
      const m = byId.get(id);
      if (!m) continue;
      switch (m.type) {
        case 'image':
        case 'video':
        case 'file': {
          if (m.file_id === null) continue;
          const mediaId = await this.mediaId(ws.id, api, m.file_id, m.type);
          if (!mediaId) continue;
          if (m.type === 'image') out.push({ msgtype: 'image', image: { media_id: mediaId } });
          else if (m.type === 'video') out.push({ msgtype: 'video', video: { media_id: mediaId } });
          else out.push({ msgtype: 'file', file: { media_id: mediaId } });
          break;
        }
        case 'link':
          out.push({
            msgtype: 'link',
            link: {
              title: m.title,
              ...(m.cover_file_id !== null && m.c_token ? { picurl: this.fileUrl(m.cover_file_id, m.c_token) } : {}),
              ...(m.content ? { desc: m.content } : {}),
              url: m.url,
            },
          });
          break;
        case 'miniprogram': {
          if (m.cover_file_id === null) continue;
          const picMediaId = await this.mediaId(ws.id, api, m.cover_file_id, 'image');
          if (!picMediaId) continue;
          out.push({ msgtype: 'miniprogram', miniprogram: { title: m.title, pic_media_id: picMediaId, appid: m.appid, page: m.page } });
          break;
        }
        default:
          break;
      }
    }
    return out;
  }

  /** The types of these live materials, in this order (a moment checks its mix); one gone is refused. */
  async typesOf(wsId: number, ids: number[]): Promise<MaterialType[]> {
    const rows = await this.repo.liveByIds(wsId, [...new Set(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r.type]));
    return ids.map((id) => byId.get(id) ?? this.refuseGone());
  }

  private refuseGone(): never {
    throw new AppError(400, '素材不存在或已删除');
  }

  /**
   * A moment's attachments of these materials (images, a video or a link), in this order, skipping
   * those deleted meanwhile. Media go through upload_attachment and are cached and reused like media/upload's.
   */
  async momentAttachments(ws: WorkSpace, api: CorpApi, ids: number[]): Promise<MomentAttachment[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await this.repo.list(ws.id, { ids: unique, offset: 0, limit: unique.length });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: MomentAttachment[] = [];
    for (const id of ids) {
      const m = byId.get(id);
      if (!m) continue;
      if ((m.type === 'image' || m.type === 'video') && m.file_id !== null) {
        const mediaId = await this.mediaId(ws.id, api, m.file_id, MOMENT_MEDIA[m.type]);
        if (!mediaId) continue;
        out.push(m.type === 'image' ? { msgtype: 'image', image: { media_id: mediaId } } : { msgtype: 'video', video: { media_id: mediaId } });
      } else if (m.type === 'link') {
        const cover = m.cover_file_id === null ? undefined : await this.mediaId(ws.id, api, m.cover_file_id, MOMENT_MEDIA.image);
        out.push({ msgtype: 'link', link: { title: m.title, url: m.url, ...(cover ? { media_id: cover } : {}) } });
      }
    }
    return out;
  }

  /** A media id of the file with more than MEDIA_REUSE_MIN_MS left, uploading it when needed. */
  private async mediaId(wsId: number, api: CorpApi, fileId: number, type: CachedMediaType): Promise<string | undefined> {
    const cached = await this.repo.findMedia(wsId, fileId, type);
    if (cached && Number(cached.expires_at) - this.deps.clock.now() > MEDIA_REUSE_MIN_MS) return cached.media_id;
    return this.uploadMedia(wsId, api, fileId, type);
  }

  private async uploadMedia(wsId: number, api: CorpApi, fileId: number, type: string): Promise<string | undefined> {
    const file = await this.repo.fileBytes(wsId, fileId);
    if (!file) return undefined;
    const upload = { name: file.name, data: asBuffer(file.bytes), contentType: file.mime };
    const res =
      type === MOMENT_MEDIA.image || type === MOMENT_MEDIA.video
        ? await api.uploadAttachment(type === MOMENT_MEDIA.image ? 'image' : 'video', upload, 1)
        : await api.uploadMedia(type as MediaType, upload);
    const now = this.deps.clock.now();
    await this.repo.saveMedia({ work_space_id: wsId, file_id: fileId, media_type: type, media_id: res.media_id, uploaded_at: now, expires_at: now + MEDIA_TTL_MS });
    return res.media_id;
  }

  /** The media_renew job: uploads again, per work space, what live materials use and runs out within 24 h. */
  async renewMedia(ctx?: Pick<JobContext<{ workSpaceId?: number }>, 'payload'>): Promise<{ renewed: number; failed: number }> {
    const due = await this.repo.expiringMedia(this.deps.clock.now() + MEDIA_RENEW_WITHIN_MS, ctx?.payload?.workSpaceId);
    const byWs = new Map<number, MaterialMedia[]>();
    for (const m of due) byWs.set(m.work_space_id, [...(byWs.get(m.work_space_id) ?? []), m]);
    let renewed = 0;
    let failed = 0;
    for (const [wsId, rows] of byWs) {
      let api: CorpApi;
      try {
        const ws = await this.workSpaces.find(wsId);
        if (!ws) continue;
        api = await this.deps.gateway.corp(ws);
      } catch (err) {
        // A corp not (or no longer) authorised: nothing to renew it with; its next send uploads afresh.
        this.deps.log.warn({ err, workSpaceId: wsId }, 'media renewal skipped: corp unavailable');
        continue;
      }
      for (const row of rows) {
        try {
          await this.uploadMedia(wsId, api, row.file_id, row.media_type);
          renewed += 1;
        } catch (err) {
          failed += 1;
          this.deps.log.warn({ err, workSpaceId: wsId, fileId: row.file_id }, 'media renewal failed');
        }
      }
    }
    if (failed) throw new Error(`${failed} media ids not renewed`);
    return { renewed, failed };
  }
}

// /api/material/*: the material library of a work space (X-Work-Id): materials, groups, uploads
// (multipart, checked by type, extension and content) and the public address of a stored file.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { INT4_MAX, Ok } from '@scrm/contracts/api';
import {
  Material,
  MaterialDeleteBody,
  MaterialFile,
  MaterialGroup,
  MaterialGroupAddBody,
  MaterialGroupDeleteBody,
  MaterialGroupList,
  MaterialGroupUpdateBody,
  MaterialInput,
  MaterialList,
  MaterialListBody,
  MaterialMoveBody,
  MaterialUpdateBody,
  type UploadKind,
} from '@scrm/contracts/material';
import { callerOf } from '../auth/auth.hook.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { Api } from '../http/types.js';
import { workSpaceOf } from '../workspace/workspace.hook.js';
import type { MaterialService } from './material.service.js';
import { isUploadKind, maxUploadBytes, tooLarge } from './upload-check.js';

/** Pages that pick materials (welcome messages, pushes) may read the library without the material key. */
export const MATERIAL_READER_KEYS = ['material', 'channel-qrcode', 'staff-qrcode', 'customer-qrcode', 'push', 'moment-push'] as const;

const FileParams = Type.Object({ id: Type.String({ maxLength: 12 }), token: Type.String({ maxLength: 64 }) });

interface ReadUpload {
  kind: string | undefined;
  file: { name: string; mime: string; data: Buffer; truncated: boolean } | undefined;
}

/** Reads the whole form (so the answer never races the upload), keeping at most maxUploadBytes of the file. */
async function readUpload(req: FastifyRequest): Promise<ReadUpload> {
  if (!req.isMultipart()) throw new AppError(400, '请以 multipart/form-data 上传文件');
  const out: ReadUpload = { kind: undefined, file: undefined };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') out.kind = String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) if (part.fieldname === 'file') chunks.push(chunk as Buffer);
      if (part.fieldname === 'file') {
        out.file = { name: part.filename, mime: part.mimetype, data: Buffer.concat(chunks), truncated: part.file.truncated };
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, '一次只能上传一个文件');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(400, '上传内容字段过多');
    req.log.info({ err }, 'upload could not be read');
    throw new AppError(400, '上传内容不完整，请重新上传');
  }
  return out;
}

export async function materialRoutes(
  app: Api,
  opts: { materials: MaterialService; /** FILE_RATE_LIMIT_PER_MINUTE */ fileRateLimitPerMinute: number },
) {
  // Only here: the rest of /api takes JSON alone. An oversized file is cut at the largest limit and
  // reported by readUpload (a 400), never buffered whole.
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
    throwFileSizeLimit: false,
  });

  const tags = ['素材库'];
  const security = [{ bearer: [] }];
  const read = { permission: MATERIAL_READER_KEYS, workSpace: true };
  const write = { permission: 'material.manage', workSpace: true };
  const m = opts.materials;

  app.post(
    '/list',
    { config: read, schema: { tags, security, summary: '素材列表：按类型、分组、关键词筛选，或按 ids 取指定素材（新的在前）', body: MaterialListBody, response: { 200: Ok(MaterialList) } } },
    async (req) => ok(await m.list(workSpaceOf(req), req.body ?? {})),
  );

  app.post(
    '/add',
    { config: write, schema: { tags, security, summary: '新建素材（图片、视频、文件须先上传，传 fileId）', body: MaterialInput, response: { 200: Ok(Material) } } },
    async (req) => ok(await m.add(workSpaceOf(req), callerOf(req).accountId, req.body)),
  );

  app.post(
    '/update',
    { config: write, schema: { tags, security, summary: '修改素材（类型不可改）', body: MaterialUpdateBody, response: { 200: Ok(Material) } } },
    async (req) => ok(await m.update(workSpaceOf(req), req.body)),
  );

  app.post(
    '/delete',
    { config: write, schema: { tags, security, summary: '删除素材（已引用它的欢迎语、群发发送时跳过）', body: MaterialDeleteBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await m.delete(workSpaceOf(req), req.body.ids);
      return ok(null);
    },
  );

  app.post(
    '/move',
    { config: write, schema: { tags, security, summary: '移动素材到分组（groupId 为 null 即移出分组）', body: MaterialMoveBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await m.move(workSpaceOf(req), req.body.ids, req.body.groupId);
      return ok(null);
    },
  );

  app.post(
    '/group/list',
    { config: read, schema: { tags, security, summary: '素材分组及各组素材数、未分组数', body: Type.Optional(Type.Object({})), response: { 200: Ok(MaterialGroupList) } } },
    async (req) => ok(await m.groups(workSpaceOf(req))),
  );

  app.post(
    '/group/add',
    { config: write, schema: { tags, security, summary: '新建素材分组', body: MaterialGroupAddBody, response: { 200: Ok(MaterialGroup) } } },
    async (req) => ok(await m.addGroup(workSpaceOf(req), req.body.name)),
  );

  app.post(
    '/group/update',
    { config: write, schema: { tags, security, summary: '重命名素材分组', body: MaterialGroupUpdateBody, response: { 200: Ok(MaterialGroup) } } },
    async (req) => ok(await m.updateGroup(workSpaceOf(req), req.body.id, req.body.name)),
  );

  app.post(
    '/group/delete',
    { config: write, schema: { tags, security, summary: '删除素材分组（组内素材变为未分组）', body: MaterialGroupDeleteBody, response: { 200: Ok(Type.Null()) } } },
    async (req) => {
      await m.deleteGroup(workSpaceOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/upload',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: '上传文件（multipart/form-data：kind = image | video | file，file = 文件）；图片 JPG/PNG ≤10MB，视频 MP4 ≤10MB，文件 ≤20MB',
        consumes: ['multipart/form-data'],
        response: { 200: Ok(MaterialFile) },
      },
    },
    async (req) => {
      const ws = workSpaceOf(req);
      const form = await readUpload(req);
      const kind: UploadKind | undefined = isUploadKind(form.kind) ? form.kind : undefined;
      if (!kind) throw new AppError(400, '参数错误：kind 应为 image、video 或 file');
      if (!form.file) throw new AppError(400, '请选择要上传的文件');
      if (form.file.truncated) throw tooLarge(kind);
      return ok(await m.upload(ws, { kind, name: form.file.name, mime: form.file.mime, data: form.file.data }));
    },
  );

  // GET and HEAD declared together: Fastify's automatic HEAD route would run the stream to its end.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/file/:id/:token',
    exposeHeadRoute: false,
    config: { public: true, rateLimit: { max: opts.fileRateLimitPerMinute, timeWindow: 60_000 } },
    schema: { tags, summary: '素材文件的公开地址（链接封面等须能被微信访问；按 IP 限流）', params: FileParams },
    handler: async (req, reply) => {
      const { id, token } = req.params;
      // An id past int4 names no file (and must not reach PostgreSQL's int4 comparison).
      const known = /^\d{1,10}$/.test(id) && Number(id) <= INT4_MAX && /^[0-9a-f]{32}$/.test(token);
      const file = known ? await m.publicFile(Number(id), token) : undefined;
      if (!file) throw new AppError(404, '文件不存在');
      const etag = `"${file.sha256}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        // Bytes of any type are served from our origin: opened as a page they run no script (images
        // and videos still show in the browser's own viewer).
        .header('content-security-policy', 'sandbox');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      reply.type(file.mime).header('content-length', String(file.size));
      if (req.method === 'HEAD') return reply.send();
      return reply.send(file.open());
    },
  });
}

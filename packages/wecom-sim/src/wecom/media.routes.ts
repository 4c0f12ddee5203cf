// Temporary media (media/upload) and attachments for moments (media/upload_attachment): multipart
// with the file in the field `media`; media ids are valid 3 days.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fail } from './errors.js';
import type { Router } from './api.js';
import type { Ctx } from './api.js';

const MB = 1024 * 1024;
const UPLOAD_MAX: Record<string, number> = { image: 10 * MB, voice: 2 * MB, video: 10 * MB, file: 20 * MB };
const ATTACHMENT_MAX: Record<string, number> = { image: 10 * MB, video: 10 * MB, file: 20 * MB };
const MEDIA_TTL_MS = 3 * 86_400_000;

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Splits a multipart/form-data body into its parts. */
export function parseMultipart(req: FastifyRequest): Part[] {
  const body = req.body;
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
  if (!Buffer.isBuffer(body) || !boundary) return [];
  const delim = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delim);
  while (pos >= 0) {
    const start = pos + delim.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delim, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2); // drop the CRLF after the delimiter and before the next
    const split = chunk.indexOf('\r\n\r\n');
    if (split >= 0) {
      const head = chunk.subarray(0, split).toString('utf8');
      const disp = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
      parts.push({
        name: /\bname="([^"]*)"/i.exec(disp)?.[1] ?? '',
        filename: /filename="([^"]*)"/i.exec(disp)?.[1],
        contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
        data: chunk.subarray(split + 4),
      });
    }
    pos = next;
  }
  return parts;
}

function store(c: Ctx, type: string, max: Record<string, number>) {
  const part = parseMultipart(c.req).find((p) => p.name === 'media' && p.filename !== undefined);
  if (!part) fail(41005, 'media data missing');
  if (part!.data.length < 5 || part!.data.length > max[type]!) fail(40006, 'invalid file size');
  const now = Date.now();
  const mediaId = `3${randomBytes(30).toString('base64url')}`;
  c.corp.media.set(mediaId, { type, size: part!.data.length, createdAt: now, expiresAt: now + MEDIA_TTL_MS, name: part!.filename ?? '' });
  return { mediaId, createdAt: Math.floor(now / 1000) };
}

export function mediaRoutes(r: Router) {
  r.post('media/upload', 'corp', (c) => {
    const type = c.query.type ?? '';
    if (!(type in UPLOAD_MAX)) fail(40004, 'invalid media type');
    const m = store(c, type, UPLOAD_MAX);
    return { type, media_id: m.mediaId, created_at: String(m.createdAt) };
  });

  r.post('media/upload_attachment', 'corp', (c) => {
    const type = c.query.media_type ?? '';
    if (!(type in ATTACHMENT_MAX)) fail(40004, 'invalid media type');
    const kind = c.query.attachment_type;
    if (kind !== '1' && kind !== '2') fail(40058, 'invalid parameter: attachment_type');
    if (kind === '1' && type === 'file') fail(40004, 'invalid media type');
    const m = store(c, type, ATTACHMENT_MAX);
    return { type, media_id: m.mediaId, created_at: m.createdAt };
  });
}

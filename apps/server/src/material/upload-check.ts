// What an upload may be (UPLOAD_RULES of the contract), checked three ways: the browser's mime type,
// the file name's extension and the first bytes of the file itself.
import { extname } from 'node:path';
import { UPLOAD_RULES, type UploadKind } from '@scrm/contracts/material';
import { AppError } from '../http/errors.js';

const KIND_LABEL: Record<UploadKind, string> = { image: '图片', video: '视频', file: '文件' };
const FORMAT_MESSAGE: Record<UploadKind, string> = {
  image: '图片仅支持 JPG、PNG 格式',
  video: '视频仅支持 MP4 格式',
  file: '不支持的文件格式',
};
/** WeCom refuses media under 5 bytes. */
const MIN_BYTES = 5;
/** Served inline from our own origin, these could run script: stored as plain bytes instead. */
const ACTIVE_MIME = /html|xml|svg|javascript|ecmascript|x-sh|x-php/i;

export const isUploadKind = (v: unknown): v is UploadKind => typeof v === 'string' && Object.hasOwn(UPLOAD_RULES, v);

export const maxUploadBytes = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

export const mbOf = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

export const tooLarge = (kind: UploadKind | undefined) =>
  new AppError(400, `${kind ? KIND_LABEL[kind] : '文件'}不能超过 ${mbOf(kind ? UPLOAD_RULES[kind].maxBytes : maxUploadBytes)}`);

/** The type the first bytes say, for the formats we check. */
export function sniff(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  // ISO base media: a box size, then "ftyp".
  if (data.length >= 12 && data.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  return undefined;
}

/** A file name fit to store and show: no path, no control characters, at most 255 characters. */
export function cleanFileName(raw: string | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw ?? '').split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = base || fallback;
  if (name.length <= 255) return name;
  const ext = extname(name).slice(0, 16);
  return name.slice(0, 255 - ext.length) + ext;
}

/**
 * Checks an upload of `kind` and returns the mime type to store it with (what its bytes say when we
 * know the format). Throws a Chinese 400 naming what is wrong.
 */
export function checkUpload(kind: UploadKind, file: { name: string; mime: string; data: Buffer }): string {
  const rule = UPLOAD_RULES[kind];
  const size = file.data.length;
  if (size === 0) throw new AppError(400, '文件内容为空，请重新选择');
  if (size < MIN_BYTES) throw new AppError(400, '文件过小（至少 5 字节）');
  if (size > rule.maxBytes) throw tooLarge(kind);
  const mime = file.mime.toLowerCase().split(';')[0]!.trim();
  const sniffed = sniff(file.data);
  if (rule.mimes.length) {
    const ext = extname(file.name).toLowerCase();
    const ok =
      (rule.mimes as readonly string[]).includes(mime) &&
      (rule.exts as readonly string[]).includes(ext) &&
      sniffed !== undefined &&
      (rule.mimes as readonly string[]).includes(sniffed);
    if (!ok) throw new AppError(400, FORMAT_MESSAGE[kind]);
    return sniffed;
  }
  if (sniffed) return sniffed;
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(mime) || ACTIVE_MIME.test(mime)) return 'application/octet-stream';
  return mime;
}

/** Whether a stored file may serve as the file of a material of `kind` (an image's file, a cover). */
export function fitsKind(kind: UploadKind, file: { mime: string; size: number }): boolean {
  const rule = UPLOAD_RULES[kind];
  return file.size <= rule.maxBytes && (!rule.mimes.length || (rule.mimes as readonly string[]).includes(file.mime));
}

// 素材库 (/api/material/*, X-Work-Id): text, image, link, mini-program, video and file materials in
// groups, used by welcome messages and pushes. Files are uploaded through our server first
// (/api/material/upload, multipart) and then named by `fileId`.
import { Type, type Static } from 'typebox';
import { INT4_MAX, Id, PageNumber } from './api.js';

export const MaterialType = Type.Union([
  Type.Literal('text'),
  Type.Literal('image'),
  Type.Literal('link'),
  Type.Literal('miniprogram'),
  Type.Literal('video'),
  Type.Literal('file'),
]);
export type MaterialType = Static<typeof MaterialType>;

export const MATERIAL_TYPE_LABEL: Record<MaterialType, string> = {
  text: '文本',
  image: '图片',
  link: '链接',
  miniprogram: '小程序',
  video: '视频',
  file: '文件',
};

const MB = 1024 * 1024;
/** What an upload may be, per use (WeCom's temporary-media limits). */
export const UPLOAD_RULES = {
  image: { maxBytes: 10 * MB, mimes: ['image/jpeg', 'image/png'], exts: ['.jpg', '.jpeg', '.png'], hint: 'JPG、PNG，不超过 10MB' },
  video: { maxBytes: 10 * MB, mimes: ['video/mp4'], exts: ['.mp4'], hint: 'MP4，不超过 10MB' },
  file: { maxBytes: 20 * MB, mimes: [] as string[], exts: [] as string[], hint: '任意格式，不超过 20MB' },
} as const;
export type UploadKind = keyof typeof UPLOAD_RULES;

/** A stored file. `url` is public (WeChat fetches link covers from it) and unguessable. */
export const MaterialFile = Type.Object({
  fileId: Type.Integer(),
  name: Type.String(),
  size: Type.Integer(),
  mime: Type.String(),
  url: Type.String(),
});
export type MaterialFile = Static<typeof MaterialFile>;

export const Material = Type.Object({
  id: Type.Integer(),
  type: MaterialType,
  title: Type.String(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  groupName: Type.String(),
  /** text: the message; link: the description. */
  content: Type.String(),
  /** link: where it opens. */
  url: Type.String(),
  /** miniprogram */
  appid: Type.String(),
  page: Type.String(),
  /** image / video / file */
  file: Type.Union([MaterialFile, Type.Null()]),
  /** link / miniprogram cover */
  cover: Type.Union([MaterialFile, Type.Null()]),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Material = Static<typeof Material>;

export const MaterialListBody = Type.Object({
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  type: Type.Optional(MaterialType),
  /** Any of these types (a picker that offers only some, e.g. no text for attachments). */
  types: Type.Optional(Type.Array(MaterialType, { minItems: 1, maxItems: 6 })),
  /** 0: materials in no group. */
  groupId: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  /** Exactly these (a picker showing what a message already holds). */
  ids: Type.Optional(Type.Array(Id, { maxItems: 100 })),
});
export type MaterialListBody = Static<typeof MaterialListBody>;
export const MaterialList = Type.Object({ list: Type.Array(Material), total: Type.Integer() });
export type MaterialList = Static<typeof MaterialList>;

/** Which fields each type needs is checked by the server (a clear 400 names what is missing). */
export const MaterialInput = Type.Object({
  type: MaterialType,
  title: Type.String({ minLength: 1, maxLength: 64 }),
  groupId: Type.Optional(Type.Union([Id, Type.Null()])),
  content: Type.Optional(Type.String({ maxLength: 1300 })),
  url: Type.Optional(Type.String({ maxLength: 1024 })),
  appid: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.String({ maxLength: 255 })),
  fileId: Type.Optional(Type.Union([Id, Type.Null()])),
  coverFileId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type MaterialInput = Static<typeof MaterialInput>;
export const MaterialUpdateBody = Type.Intersect([Type.Object({ id: Id }), MaterialInput]);
export type MaterialUpdateBody = Static<typeof MaterialUpdateBody>;
export const MaterialDeleteBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export const MaterialMoveBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 100 }),
  groupId: Type.Union([Id, Type.Null()]),
});

export const MaterialGroup = Type.Object({ id: Type.Integer(), name: Type.String(), count: Type.Integer() });
export type MaterialGroup = Static<typeof MaterialGroup>;
export const MaterialGroupList = Type.Object({ list: Type.Array(MaterialGroup), ungrouped: Type.Integer() });
export type MaterialGroupList = Static<typeof MaterialGroupList>;
export const MaterialGroupAddBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 30 }) });
export const MaterialGroupUpdateBody = Type.Object({ id: Id, name: Type.String({ minLength: 1, maxLength: 30 }) });
export const MaterialGroupDeleteBody = Type.Object({ id: Id });

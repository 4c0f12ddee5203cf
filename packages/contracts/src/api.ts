// The envelope and business codes every /api call shares (DESIGN.md §4).
import { Type, type Static, type TSchema } from 'typebox';

export const ApiCode = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  SERVER: 500,
  /** The WeChat user who scanned the login QR has no account yet (spec §3). */
  WX_NOT_REGISTERED: 10006,
  /** Not logged in, or the token was revoked or expired (spec §4). */
  NOT_LOGGED_IN: 10401,
  /** The X-XSRF-TOKEN header does not repeat the XSRF-TOKEN cookie: /api/cookie/update, then retry. */
  XSRF_FAILED: 10403,
} as const;

export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Literal(0), message: Type.String(), data });

export const ApiError = Type.Object({ code: Type.Integer(), message: Type.String() });
export type ApiError = Static<typeof ApiError>;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** The largest id, page number or count a request may carry: the databases' 32-bit integer (int4). */
export const INT4_MAX = 2147483647;
/** A row id in a request body (id, groupId, fileId, ids[] …). */
export const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });
/** A page number of a list call (0 and 1 both mean the first page). */
export const PageNumber = Type.Integer({ minimum: 0, maximum: INT4_MAX });

export const Empty = Type.Object({});
export const Nothing = Type.Null();

/** Header that names the work space of a workspace-scoped call. */
export const WORK_ID_HEADER = 'x-work-id';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

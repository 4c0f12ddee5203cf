// The one error type and the one error handler: every failure leaves as `{code, message}`
// with a fitting HTTP status and a Chinese message an operator can act on.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode } from '@scrm/contracts/api';

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  constructor(statusCode: number, message: string, code: number = statusCode) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const Errors = {
  notLoggedIn: () => new AppError(401, '登录已失效，请重新登录', ApiCode.NOT_LOGGED_IN),
  mainOnly: () => new AppError(403, '子账号无权进行此操作'),
  noPermission: () => new AppError(403, '暂无权限'),
  notFound: () => new AppError(404, '接口不存在'),
  tooMany: () => new AppError(429, '请求过于频繁，请稍后再试'),
};

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_NAME: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

const PART_NAME: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** "/permissionKeys/0" → "permissionKeys[0]". */
function fieldName(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('');
}

/** One Chinese sentence naming the first offending field, e.g. 「参数错误：phone 应为字符串」. */
export function validationMessage(issues: ValidationIssue[], part = 'body'): string {
  const issue = issues.find((i) => i.keyword === 'anyOf' || i.keyword === 'oneOf') ?? issues[0];
  if (!issue) return '参数错误';
  const p = issue.params ?? {};
  const field = fieldName(issue.instancePath);
  const name = field || PART_NAME[part] || '参数';
  switch (issue.keyword) {
    case 'required': {
      const missing = (p.requiredProperties as string[] | undefined)?.[0] ?? (p.missingProperty as string | undefined);
      return `参数错误：缺少 ${field ? `${field}.` : ''}${missing ?? '必填参数'}`;
    }
    case 'type': {
      const t = Array.isArray(p.type) ? p.type[0] : p.type;
      if (!field && t === 'object') return `参数错误：${name}应为 JSON 对象`;
      return `参数错误：${name} 应为${TYPE_NAME[String(t)] ?? String(t)}`;
    }
    case 'maxLength':
      return `参数错误：${name} 长度不能超过${p.limit}位`;
    case 'minLength':
      return `参数错误：${name} 长度不能少于${p.limit}位`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `参数错误：${name} 不能小于${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `参数错误：${name} 不能大于${p.limit}`;
    case 'maxItems':
      return `参数错误：${name} 最多${p.limit}项`;
    case 'minItems':
      return `参数错误：${name} 至少${p.limit}项`;
    case 'additionalProperties':
      return `参数错误：不支持的参数 ${(p.additionalProperties as string) ?? ''}`.trim();
    default:
      return `参数错误：${name} 取值无效`;
  }
}

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '参数错误：请求体不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '参数错误：请求体不是合法的 JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式，请使用 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度错误',
  FST_ERR_BAD_URL: '请求地址无效',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
};

type ErrorLike = FastifyError & { validation?: ValidationIssue[]; validationContext?: string };

export function errorHandler(error: ErrorLike, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send({ code: error.code, message: error.message });
  }
  if (error.validation) {
    return reply.status(400).send({ code: 400, message: validationMessage(error.validation, error.validationContext) });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ code: 429, message: '请求过于频繁，请稍后再试' });
  if (status >= 400 && status < 500) {
    const message =
      FASTIFY_CLIENT_ERRORS[error.code] ?? (error instanceof SyntaxError ? '参数错误：请求体不是合法的 JSON' : '请求错误');
    return reply.status(status).send({ code: status, message });
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ code: 500, message: '服务器繁忙，请稍后重试' });
}

// Server configuration from environment variables. Every variable has a documented default;
// `loadConfig` is pure (give it any env object), `readEnv` adds a `.env` file when one exists.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { DEFAULT_SISTER_APPS, sisterAppId, type SisterApp } from '@scrm/contracts/config';

export type Env = Record<string, string | undefined>;

export interface Config {
  /** SCRM_MODE — production | trial (trial). Production refuses to start with anything meant for trying the product (see productionProblems). */
  mode: 'production' | 'trial';
  /** PORT — HTTP port (3000). */
  port: number;
  /** HOST — interface to listen on (0.0.0.0). */
  host: string;
  /** DATA_DIR — folder of the SQLite file and uploads (./data, relative to the working directory). */
  dataDir: string;
  /** DATABASE_URL — PostgreSQL connection string; unset means SQLite at DATA_DIR/scrm.db. */
  databaseUrl: string | undefined;
  /** SQLITE_CACHE_MB — SQLite's page cache in MB (64). */
  sqliteCacheMb: number;
  /** LOG_LEVEL — pino level (info). */
  logLevel: string;
  /** PUBLIC_URL — address people and callers reach the server at (http://localhost:PORT). */
  publicUrl: string;
  /** SIM_URL — base URL of the WeCom simulator; when set, SMS and the official account go to it. Only with SIM=on. */
  simUrl: string | undefined;
  /** SIM_CONTROL_TOKEN — the simulator's control token (needed with SIM_URL). */
  simToken: string | undefined;
  /** SMS_PROVIDER — sim | log | http (sim when SIM_URL is set, else log: codes go to the server log). */
  smsProvider: 'sim' | 'log' | 'http';
  /** SMS_HTTP_URL, SMS_HTTP_TOKEN — with SMS_PROVIDER=http: POST {phone, content} there (Bearer token when set). */
  smsHttp: { url: string; token: string | undefined } | undefined;
  gzh: {
    /** GZH_BASE_URL — official-account API base (SIM_URL; real: https://api.weixin.qq.com). */
    baseUrl: string | undefined;
    /** GZH_APP_ID — official-account AppID (the simulator's default). */
    appId: string;
    /** GZH_APP_SECRET — official-account AppSecret (the simulator's default). */
    appSecret: string;
    /** GZH_NOTIFY_TEMPLATE_ID — the template of 消息中心 messages (first, keyword1 class, keyword2 time, remark); the simulator takes any. */
    notifyTemplateId: string;
    /** GZH_TOKEN — callback signature token (the simulator's default; a real account needs its own). */
    token: string;
    /**
     * GZH_AES_KEY — EncodingAESKey of the callback's safe mode (安全模式); undefined with
     * GZH_CALLBACK_MODE=plain. Defaults to the simulator's; a real account needs its own.
     */
    aesKey: string | undefined;
  };
  /** DEBUG_LOGIN_CODE — enables /api/account/login/debug with this code (at least 32 characters); unset disables it. */
  debugLoginCode: string | undefined;
  /** ADMIN_TOKEN — the operators' credential (header X-Admin-Token) of /api/admin/qw/seat/renew (at least 32 characters); unset refuses the call. */
  adminToken: string | undefined;
  /** TOKEN_TTL_DAYS — lifetime of a login token (30). */
  tokenTtlDays: number;
  /**
   * SISTER_APPS — JSON array of {name, icon, url, id?} for the top bar's apps grid. `id` names the app as the
   * audience of GET /api/get_access_token (default: its position, "1" for the first).
   */
  sisterApps: SisterApp[];
  /**
   * SISTER_APP_SECRETS — JSON object {"<app id>": "<secret, 16+ characters>"}: a sister platform with a secret
   * must send it as the bearer of POST /api/access_token/exchange. Never sent to the browser.
   */
  sisterAppSecrets: Record<string, string>;
  /** WEB_DIST_ROOT — repo root holding apps/shell/dist and apps/<prefix>/dist (this repository). */
  webDistRoot: string;
  limits: {
    /** SMS_PER_PHONE_PER_DAY (10). */
    smsPerPhonePerDay: number;
    /** SMS_PER_IP_PER_HOUR (30). */
    smsPerIpPerHour: number;
    /** LOGIN_MAX_FAILURES — failures per account identifier within 15 min before a 15 min lock (5). */
    loginMaxFailures: number;
    /** RATE_LIMIT_PER_MINUTE — per IP and call, on the public account calls (120). */
    rateLimitPerMinute: number;
    /** FILE_RATE_LIMIT_PER_MINUTE — per IP, on the public material file address (600). */
    fileRateLimitPerMinute: number;
  };
  /** TRUST_PROXY — false | true | hop count | comma-separated addresses (false). */
  trustProxy: boolean | number | string;
  /** ARGON2_MEMORY_KIB — argon2id memory cost in KiB (19456, the OWASP minimum; tests lower it). */
  argon2MemoryKib: number;
  wecom: WecomConfig;
  /** SECRET_KEY — 32-byte key (64 hex chars or base64) encrypting WeCom secrets at rest; unset: see wecom/secret-box.ts. */
  secretKey: string | undefined;
  /** TRUSTED_IPS — comma-separated egress IPs to whitelist in WeCom; unset: the host's non-internal IPv4 addresses. */
  trustedIps: string[];
  jobs: {
    /** JOB_CONCURRENCY — jobs run at once per process (32; they mostly wait on WeCom). */
    concurrency: number;
    /** JOB_LEASE_MS — lease of a running job; a dead process's jobs are taken over after it (30000). */
    leaseMs: number;
    /** JOB_POLL_MS — how often a process looks for due work (500). */
    pollMs: number;
  };
  /** CALLBACK_RETENTION_DAYS — stored WeCom callback events are deleted this many days after receipt (30). */
  callbackRetentionDays: number;
  /** REDIS_URL — redis://…: WeCom rate limits and the public calls' per-IP limits shared through Redis. */
  redisUrl: string | undefined;
  /** TEST_CLOCK — on: POST /api/test/clock may move the business clock (drills and e2e only). */
  testClock: boolean;
  /** Seat orders and their payment (docs/seats.md, "Orders and payment"). */
  orders: {
    /** SEAT_PRICE_FEN — one seat for 365 days, in fen, for accounts that came through no distributor (36500: ¥365.00). */
    seatPriceFen: number;
    /** ORDER_TTL_MINUTES — an unpaid order lapses (已取消) this long after it was placed (30). */
    ttlMinutes: number;
    /** PAY_PROVIDER — `sim` (the simulator's cashier, the default with SIM=on; refused in production) or `none` (buying refused). */
    pay: { provider: 'sim'; baseUrl: string; key: string } | undefined;
  };
  /**
   * PUSH_TASK_MAX_CUSTOMERS / PUSH_TASK_MAX_GROUPS — customers (groups) in one WeCom mass-message task:
   * WeCom's caps (10,000 / 2,000); smaller only in tests of the split.
   */
  pushTaskMax: { customers: number; groups: number };
}

export interface WecomProviderConfig {
  providerCorpId: string;
  providerSecret: string;
  suiteId: string;
  suiteSecret: string;
  suiteToken: string;
  suiteAesKey: string;
  templateId: string;
  templateSecret: string;
  templateToken: string;
  templateAesKey: string;
}

export interface WecomConfig {
  /** WECOM_BASE_URL — WeCom API base (`${SIM_URL}/qyapi/cgi-bin` with SIM_URL, else https://qyapi.weixin.qq.com/cgi-bin). */
  baseUrl: string;
  /** WECOM_INSTALL_URL — open-platform base of the install pages (`${SIM_URL}/open`, else https://open.work.weixin.qq.com). */
  installUrl: string;
  /** WECOM_TIMEOUT_MS — a WeCom call without an answer after this long is abandoned (uploads get 4×); default 30 000. */
  timeoutMs: number;
  /** WECOM_SUITE_ID … WECOM_PROVIDER_SECRET; empty strings when unset (read from the simulator at start when SIM_URL is set). */
  provider: WecomProviderConfig;
  /** WECOM_LICENCE_BUYER_USERID — the provider corp's member who places interface-licence orders (buyer_userid); empty when unset. */
  licenceBuyer: string;
}

const PROVIDER_ENV: Record<keyof WecomProviderConfig, string> = {
  providerCorpId: 'WECOM_PROVIDER_CORP_ID',
  providerSecret: 'WECOM_PROVIDER_SECRET',
  suiteId: 'WECOM_SUITE_ID',
  suiteSecret: 'WECOM_SUITE_SECRET',
  suiteToken: 'WECOM_SUITE_TOKEN',
  suiteAesKey: 'WECOM_SUITE_AES_KEY',
  templateId: 'WECOM_TEMPLATE_ID',
  templateSecret: 'WECOM_TEMPLATE_SECRET',
  templateToken: 'WECOM_TEMPLATE_TOKEN',
  templateAesKey: 'WECOM_TEMPLATE_AES_KEY',
};

/** The simulator's official-account defaults (packages/wecom-sim/src/defaults.ts; a test keeps them equal). */
export const SIM_GZH_DEFAULTS = {
  appId: 'wx5c1mu1a70r0000',
  appSecret: 'scrm-simulator-app-secret',
  token: 'scrmSimulatorToken',
  aesKey: 'scrmSimulatorGzhEncodingAesKey0123456789abc',
} as const;

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

function str(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function sisterApps(raw: string | undefined): SisterApp[] {
  if (!raw) return DEFAULT_SISTER_APPS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('SISTER_APPS must be a JSON array of {name, icon, url}');
  }
  const ok =
    Array.isArray(parsed) &&
    parsed.every(
      (a) =>
        a &&
        typeof a.name === 'string' &&
        typeof a.icon === 'string' &&
        typeof a.url === 'string' &&
        (a.id === undefined || (typeof a.id === 'string' && /^[\w.-]{1,64}$/.test(a.id))),
    );
  if (!ok) throw new ConfigError('SISTER_APPS must be a JSON array of {name, icon, url, id?} (id: 1-64 letters, digits, _ . -)');
  return (parsed as SisterApp[]).map(({ name, icon, url, id }) => ({ name, icon, url, ...(id ? { id } : {}) }));
}

/** SISTER_APP_SECRETS: each key one of the apps' ids, each secret at least 16 characters. */
function sisterAppSecrets(raw: string | undefined, apps: SisterApp[]): Record<string, string> {
  if (!raw) return {};
  const problem = 'SISTER_APP_SECRETS must be a JSON object {"<sister app id>": "<secret of at least 16 characters>"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(problem);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(problem);
  const ids = new Set(apps.map(sisterAppId));
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (!entries.every(([id, v]) => ids.has(id) && typeof v === 'string' && v.length >= 16)) throw new ConfigError(problem);
  return Object.fromEntries(entries) as Record<string, string>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function secretKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw) ? 32 : /^[A-Za-z0-9+/]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64').length : 0;
  if (bytes !== 32) throw new ConfigError('SECRET_KEY must be 32 bytes: 64 hex characters or base64');
  return raw;
}

const AES_KEY = /^[A-Za-z0-9+/]{43}$/;

/**
 * The official account's callback settings. Safe mode (AES, msg_signature over the encrypted body)
 * unless GZH_CALLBACK_MODE=plain. With a real account (GZH_BASE_URL set and not the simulator) the
 * simulator's public token and key are refused, and safe mode needs the account's own key.
 */
function gzhCallback(env: Env, real: boolean): { token: string; aesKey: string | undefined } {
  const mode = str(env, 'GZH_CALLBACK_MODE') ?? 'safe';
  if (mode !== 'safe' && mode !== 'plain') throw new ConfigError(`GZH_CALLBACK_MODE must be safe or plain, got "${mode}"`);
  const token = str(env, 'GZH_TOKEN') ?? SIM_GZH_DEFAULTS.token;
  const key = str(env, 'GZH_AES_KEY');
  if (key !== undefined && !AES_KEY.test(key)) throw new ConfigError('GZH_AES_KEY must be the 43-character EncodingAESKey of the official account');
  if (real) {
    if (token === SIM_GZH_DEFAULTS.token) {
      throw new ConfigError('GZH_TOKEN must be your official account\'s own token: the simulator\'s default is public, anyone could sign callbacks with it');
    }
    if (mode === 'safe' && (key === undefined || key === SIM_GZH_DEFAULTS.aesKey)) {
      throw new ConfigError('GZH_AES_KEY must be your official account\'s EncodingAESKey (safe mode, 安全模式); GZH_CALLBACK_MODE=plain turns safe mode off');
    }
  }
  return { token, aesKey: mode === 'plain' ? undefined : (key ?? SIM_GZH_DEFAULTS.aesKey) };
}

/** What production mode (SCRM_MODE=production) refuses: everything that exists for trying the product. */
/** The simulator's merchant key (its SIM_PAY_KEY default): the two work together with no configuration. */
export const SIM_PAY_DEFAULT_KEY = 'scrm-simulator-pay-merchant-key-0000000000';

function payConfig(env: Env, simUrl: string | undefined): Config['orders']['pay'] {
  const provider = str(env, 'PAY_PROVIDER') ?? (simUrl ? 'sim' : 'none');
  if (provider === 'none') return undefined;
  if (provider !== 'sim') throw new ConfigError(`PAY_PROVIDER must be sim or none, got "${provider}"`);
  if (!simUrl) throw new ConfigError('PAY_PROVIDER=sim needs the simulator (SIM=on, SIM_URL)');
  const key = str(env, 'PAY_SIM_KEY') ?? SIM_PAY_DEFAULT_KEY;
  if (key.length < 32) throw new ConfigError('PAY_SIM_KEY must be at least 32 characters');
  return { provider: 'sim', baseUrl: simUrl, key };
}

export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!str(env, 'SECRET_KEY')) problems.push('SECRET_KEY is not set (a key generated beside the data protects nothing)');
  if (str(env, 'SIM') === 'on' || str(env, 'SIM_URL')) problems.push('SIM=on / SIM_URL: the simulator is for trying the product');
  const sms = str(env, 'SMS_PROVIDER');
  if (!sms || sms === 'sim' || sms === 'log') problems.push(`SMS_PROVIDER=${sms ?? '(unset: log)'}: choose a real SMS provider`);
  if (str(env, 'DEBUG_LOGIN_CODE')) problems.push('DEBUG_LOGIN_CODE is set: debug login is refused in production');
  if (str(env, 'TEST_CLOCK') === 'on') problems.push('TEST_CLOCK=on: the test clock is refused in production');
  if (str(env, 'PAY_PROVIDER') === 'sim') problems.push("PAY_PROVIDER=sim: the simulator's cashier is for trying the product");
  const gzhToken = str(env, 'GZH_TOKEN');
  if (!gzhToken || gzhToken === SIM_GZH_DEFAULTS.token) problems.push("GZH_TOKEN is unset or the simulator's default: set your official account's token");
  const gzhKey = str(env, 'GZH_AES_KEY');
  if (str(env, 'GZH_CALLBACK_MODE') !== 'plain' && (!gzhKey || gzhKey === SIM_GZH_DEFAULTS.aesKey)) {
    problems.push("GZH_AES_KEY is unset or the simulator's default: set your official account's EncodingAESKey (safe mode)");
  }
  return problems;
}

/** Loud start-up warnings outside production mode. */
export function configWarnings(config: Config): string[] {
  if (config.mode === 'production') return [];
  const out = ['trial mode (SCRM_MODE is not production): not for real customers — see README "Running in production"'];
  if (!config.secretKey) out.push('SECRET_KEY is not set: corp secrets are encrypted with a key kept beside the data (DATA_DIR/secret.key or the server_secret table)');
  return out;
}

export function loadConfig(env: Env = process.env): Config {
  const mode = str(env, 'SCRM_MODE') ?? 'trial';
  if (mode !== 'production' && mode !== 'trial') throw new ConfigError(`SCRM_MODE must be production or trial, got "${mode}"`);
  if (mode === 'production') {
    const problems = productionProblems(env);
    if (problems.length) throw new ConfigError(`SCRM_MODE=production refuses to start:\n- ${problems.join('\n- ')}`);
  }
  const port = int(env, 'PORT', 3000);
  const simUrl = str(env, 'SIM_URL') && trimSlash(str(env, 'SIM_URL')!);
  const simOn = str(env, 'SIM') === 'on';
  const smsProvider = str(env, 'SMS_PROVIDER') ?? (simUrl ? 'sim' : 'log');
  if (smsProvider !== 'sim' && smsProvider !== 'log' && smsProvider !== 'http') throw new ConfigError(`SMS_PROVIDER must be http, sim or log, got "${smsProvider}"`);
  const smsHttpUrl = str(env, 'SMS_HTTP_URL');
  if (smsProvider === 'http' && !(smsHttpUrl && /^https?:\/\//.test(smsHttpUrl) && URL.canParse(smsHttpUrl))) throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL (http:// or https://)');
  if ((simUrl || smsProvider === 'sim') && !simOn) throw new ConfigError('SIM_URL and SMS_PROVIDER=sim need SIM=on (the simulator chosen explicitly, as npm start does)');
  if (smsProvider === 'sim' && !simUrl) throw new ConfigError('SMS_PROVIDER=sim needs SIM_URL');
  if (simOn && !simUrl) throw new ConfigError('SIM=on needs SIM_URL');
  const simToken = str(env, 'SIM_CONTROL_TOKEN');
  if (simUrl && !simToken) throw new ConfigError("SIM_URL needs SIM_CONTROL_TOKEN (the simulator's control token, printed at its start)");
  const debugLoginCode = str(env, 'DEBUG_LOGIN_CODE');
  if (debugLoginCode !== undefined && debugLoginCode.length < 32) throw new ConfigError('DEBUG_LOGIN_CODE must be at least 32 characters');
  const adminToken = str(env, 'ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 32) throw new ConfigError('ADMIN_TOKEN must be at least 32 characters');
  const gzhBase = str(env, 'GZH_BASE_URL') ?? simUrl;
  const dataDir = resolve(str(env, 'DATA_DIR') ?? './data');
  return {
    mode,
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: str(env, 'DATABASE_URL'),
    sqliteCacheMb: int(env, 'SQLITE_CACHE_MB', 64, 2),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    publicUrl: trimSlash(str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`),
    simUrl,
    simToken: simUrl ? simToken : undefined,
    smsProvider,
    smsHttp: smsProvider === 'http' ? { url: smsHttpUrl!, token: str(env, 'SMS_HTTP_TOKEN') } : undefined,
    gzh: {
      baseUrl: gzhBase && trimSlash(gzhBase),
      appId: str(env, 'GZH_APP_ID') ?? SIM_GZH_DEFAULTS.appId,
      appSecret: str(env, 'GZH_APP_SECRET') ?? SIM_GZH_DEFAULTS.appSecret,
      notifyTemplateId: str(env, 'GZH_NOTIFY_TEMPLATE_ID') ?? 'scrm_notice',
      ...gzhCallback(env, Boolean(gzhBase) && trimSlash(gzhBase!) !== simUrl),
    },
    debugLoginCode,
    adminToken,
    tokenTtlDays: int(env, 'TOKEN_TTL_DAYS', 30, 1),
    sisterApps: sisterApps(str(env, 'SISTER_APPS')),
    sisterAppSecrets: sisterAppSecrets(str(env, 'SISTER_APP_SECRETS'), sisterApps(str(env, 'SISTER_APPS'))),
    webDistRoot: resolve(str(env, 'WEB_DIST_ROOT') ?? REPO_ROOT),
    limits: {
      smsPerPhonePerDay: int(env, 'SMS_PER_PHONE_PER_DAY', 10, 1),
      smsPerIpPerHour: int(env, 'SMS_PER_IP_PER_HOUR', 30, 1),
      loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
      rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 120, 1),
      fileRateLimitPerMinute: int(env, 'FILE_RATE_LIMIT_PER_MINUTE', 600, 1),
    },
    trustProxy: trustProxy(str(env, 'TRUST_PROXY')),
    argon2MemoryKib: int(env, 'ARGON2_MEMORY_KIB', 19456, 1024),
    wecom: {
      baseUrl: trimSlash(str(env, 'WECOM_BASE_URL') ?? (simUrl ? `${simUrl}/qyapi/cgi-bin` : 'https://qyapi.weixin.qq.com/cgi-bin')),
      installUrl: trimSlash(str(env, 'WECOM_INSTALL_URL') ?? (simUrl ? `${simUrl}/open` : 'https://open.work.weixin.qq.com')),
      timeoutMs: int(env, 'WECOM_TIMEOUT_MS', 30_000, 500),
      provider: Object.fromEntries(
        Object.entries(PROVIDER_ENV).map(([key, name]) => [key, str(env, name) ?? '']),
      ) as unknown as WecomProviderConfig,
      licenceBuyer: str(env, 'WECOM_LICENCE_BUYER_USERID') ?? '',
    },
    secretKey: secretKey(str(env, 'SECRET_KEY')),
    trustedIps: (str(env, 'TRUSTED_IPS') ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
    jobs: {
      // A job mostly waits on WeCom's answer, on SQLite as on PostgreSQL: 8 at once left a burst of adds waiting.
      concurrency: int(env, 'JOB_CONCURRENCY', 32, 1),
      leaseMs: int(env, 'JOB_LEASE_MS', 30_000, 1000),
      pollMs: int(env, 'JOB_POLL_MS', 500, 50),
    },
    callbackRetentionDays: int(env, 'CALLBACK_RETENTION_DAYS', 30, 1),
    redisUrl: str(env, 'REDIS_URL'),
    testClock: str(env, 'TEST_CLOCK') === 'on',
    orders: {
      seatPriceFen: int(env, 'SEAT_PRICE_FEN', 36_500, 1),
      ttlMinutes: int(env, 'ORDER_TTL_MINUTES', 30, 1),
      pay: payConfig(env, simUrl),
    },
    pushTaskMax: { customers: Math.min(int(env, 'PUSH_TASK_MAX_CUSTOMERS', 10_000, 1), 10_000), groups: Math.min(int(env, 'PUSH_TASK_MAX_GROUPS', 2_000, 1), 2_000) },
  };
}

/** process.env plus the variables of a `.env` file in the working directory (process.env wins). */
export function readEnv(cwd = process.cwd()): Env {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return { ...process.env };
  return { ...dotenv.parse(readFileSync(file, 'utf8')), ...process.env };
}

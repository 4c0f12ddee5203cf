// The simulator's options from SIM_* variables (README.md has the table); main.ts adds port and host.
import { SIM_GZH_DEFAULTS } from './defaults.js';
import type { SimulatorOptions } from './index.js';
import type { ProviderConfig } from './provider/provider.js';
import { parseSampleCorp } from './sample-corp.js';

const PROVIDER_ENV: Array<[keyof ProviderConfig, string]> = [
  ['providerCorpId', 'SIM_PROVIDER_CORP_ID'],
  ['providerSecret', 'SIM_PROVIDER_SECRET'],
  ['suiteId', 'SIM_SUITE_ID'],
  ['suiteSecret', 'SIM_SUITE_SECRET'],
  ['suiteToken', 'SIM_SUITE_TOKEN'],
  ['suiteAesKey', 'SIM_SUITE_AES_KEY'],
  ['templateId', 'SIM_TEMPLATE_ID'],
  ['templateSecret', 'SIM_TEMPLATE_SECRET'],
  ['templateToken', 'SIM_TEMPLATE_TOKEN'],
  ['templateAesKey', 'SIM_TEMPLATE_AES_KEY'],
  ['suiteCallbackUrl', 'SIM_SUITE_CALLBACK_URL'],
  ['templateCallbackUrl', 'SIM_TEMPLATE_CALLBACK_URL'],
];

/** A positive whole number of milliseconds, or undefined when unset; anything else stops the start. */
function ms(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} 须为正整数（毫秒），收到 "${raw}"`);
  return Number(raw);
}

/** SIM_GZH_AES_KEY: unset → the default key (safe mode); empty → plain-text mode; else 43 characters. */
function aesKey(raw: string | undefined): string {
  if (raw === undefined) return SIM_GZH_DEFAULTS.encodingAesKey;
  const key = raw.trim();
  if (key && !/^[A-Za-z0-9+/]{43}$/.test(key)) throw new Error(`SIM_GZH_AES_KEY 须为 43 位 EncodingAESKey（留空为明文模式），收到 "${raw}"`);
  return key;
}

/** SIM_PAY_KEY: the merchant key of the simulated payment provider (at least 32 characters). */
function payKey(raw: string | undefined): string | undefined {
  const key = raw?.trim();
  if (!key) return undefined;
  if (key.length < 32) throw new Error('SIM_PAY_KEY 须至少 32 个字符');
  return key;
}

export function simulatorOptionsFromEnv(env: NodeJS.ProcessEnv): SimulatorOptions {
  const token = env.SIM_CONTROL_TOKEN?.trim();
  if (token && !/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new Error('SIM_CONTROL_TOKEN 须为 16-128 位字母、数字、- 或 _');
  const provider: Partial<ProviderConfig> = {};
  for (const [key, name] of PROVIDER_ENV) if (env[name]) provider[key] = env[name];
  return {
    logger: { level: env.SIM_LOG_LEVEL ?? 'info' },
    controlToken: token || undefined,
    publicUrl: env.SIM_PUBLIC_URL || undefined,
    gzh: {
      callbackUrl: env.SIM_GZH_CALLBACK_URL ?? 'http://127.0.0.1:3000/api/gzh/callback',
      token: env.SIM_GZH_TOKEN ?? SIM_GZH_DEFAULTS.token,
      encodingAesKey: aesKey(env.SIM_GZH_AES_KEY),
      appId: env.SIM_GZH_APP_ID ?? SIM_GZH_DEFAULTS.appId,
      appSecret: env.SIM_GZH_APP_SECRET ?? SIM_GZH_DEFAULTS.appSecret,
    },
    wecom: {
      provider,
      callbackTimeoutMs: env.SIM_CALLBACK_TIMEOUT_MS ? Number(env.SIM_CALLBACK_TIMEOUT_MS) : undefined,
      welcomeCodeTtlMs: ms(env, 'SIM_WELCOME_CODE_TTL_MS'),
    },
    payKey: payKey(env.SIM_PAY_KEY),
    sampleCorp: parseSampleCorp(env.SIM_SAMPLE_CORP),
  };
}

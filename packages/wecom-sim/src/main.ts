// Runs the simulator on its own. Variables (README.md has the table): SIM_PORT (3100), SIM_HOST
// (0.0.0.0), SIM_PUBLIC_URL, SIM_GZH_CALLBACK_URL, SIM_GZH_TOKEN, SIM_GZH_APP_ID, SIM_GZH_APP_SECRET,
// SIM_LOG_LEVEL (info), SIM_SAMPLE_CORP (e.g. members=50,customers=500), SIM_CALLBACK_TIMEOUT_MS
// (5000), and the provider's SIM_PROVIDER_*, SIM_SUITE_*, SIM_TEMPLATE_* overrides.
import { buildSimulator, SIM_GZH_DEFAULTS, type ProviderConfig } from './index.js';
import { parseSampleCorp } from './sample-corp.js';

const env = process.env;
const port = Number(env.SIM_PORT ?? 3100);
const host = env.SIM_HOST ?? '0.0.0.0';

const providerEnv: Array<[keyof ProviderConfig, string]> = [
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
const provider: Partial<ProviderConfig> = {};
for (const [key, name] of providerEnv) if (env[name]) provider[key] = env[name];

const sim = await buildSimulator({
  logger: { level: env.SIM_LOG_LEVEL ?? 'info' },
  publicUrl: env.SIM_PUBLIC_URL,
  gzh: {
    callbackUrl: env.SIM_GZH_CALLBACK_URL ?? 'http://127.0.0.1:3000/api/gzh/callback',
    token: env.SIM_GZH_TOKEN ?? SIM_GZH_DEFAULTS.token,
    appId: env.SIM_GZH_APP_ID ?? SIM_GZH_DEFAULTS.appId,
    appSecret: env.SIM_GZH_APP_SECRET ?? SIM_GZH_DEFAULTS.appSecret,
  },
  wecom: {
    provider,
    callbackTimeoutMs: env.SIM_CALLBACK_TIMEOUT_MS ? Number(env.SIM_CALLBACK_TIMEOUT_MS) : undefined,
  },
  sampleCorp: parseSampleCorp(env.SIM_SAMPLE_CORP),
});
await sim.listen({ port, host });
console.log(`企微模拟器: http://localhost:${port}  (企业微信接口 /qyapi/cgi-bin，短信发件箱与扫码页面)`);
for (const corp of sim.sim.wecom.corps.values()) {
  console.log(
    `示例企业 ${corp.corpName}: corpid=${corp.corpId} secret=${corp.secret} contactSecret=${corp.contactSecret} ` +
      `(成员 ${corp.members.length}，客户 ${corp.customerCount}，客户群 ${corp.groups.length})`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    sim.close().then(() => process.exit(0));
  });
}

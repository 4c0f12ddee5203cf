// Runs the simulator on its own. Variables (README.md has the table): SIM_PORT (3100), SIM_HOST
// (0.0.0.0), SIM_PUBLIC_URL, SIM_GZH_CALLBACK_URL, SIM_GZH_TOKEN, SIM_GZH_AES_KEY, SIM_GZH_APP_ID,
// SIM_GZH_APP_SECRET, SIM_LOG_LEVEL (info), SIM_SAMPLE_CORP (e.g. members=50,customers=500),
// SIM_CALLBACK_TIMEOUT_MS (5000), SIM_WELCOME_CODE_TTL_MS (20000), and the provider's SIM_PROVIDER_*,
// SIM_SUITE_*, SIM_TEMPLATE_* overrides (read in env.ts).
import { buildSimulator } from './index.js';
import { simulatorOptionsFromEnv } from './env.js';

const env = process.env;
const port = Number(env.SIM_PORT ?? 3100);
const host = env.SIM_HOST ?? '0.0.0.0';

const sim = await buildSimulator(simulatorOptionsFromEnv(env));
await sim.listen({ port, host });
console.log(`企微模拟器: http://localhost:${port}  (企业微信接口 /qyapi/cgi-bin，短信发件箱与扫码页面)`);
for (const corp of sim.sim.wecom.corps.values()) {
  console.log(
    `示例企业 ${corp.corpName}: corpid=${corp.corpId} secret=${corp.secret} contactSecret=${corp.contactSecret} ` +
      `(成员 ${corp.members.length}，客户 ${corp.customerCount}，客户群 ${corp.groups.length})`,
  );
}
if (sim.sim.wecom.welcomeCodeTtlMs !== 20_000) console.log(`欢迎语 code 有效期: ${sim.sim.wecom.welcomeCodeTtlMs} ms`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    sim.close().then(() => process.exit(0));
  });
}

// Runs the simulator on its own. Variables (README.md has the table): SIM_PORT (3100), SIM_HOST
// (127.0.0.1), SIM_CONTROL_TOKEN (generated and printed when unset), SIM_PUBLIC_URL, SIM_GZH_CALLBACK_URL,
// SIM_GZH_TOKEN, SIM_GZH_AES_KEY, SIM_GZH_APP_ID, SIM_GZH_APP_SECRET, SIM_LOG_LEVEL (info), SIM_SAMPLE_CORP
// (e.g. members=50,customers=500), SIM_CALLBACK_TIMEOUT_MS (5000), SIM_WELCOME_CODE_TTL_MS (20000), and the
// provider's SIM_PROVIDER_*, SIM_SUITE_*, SIM_TEMPLATE_* overrides (read in env.ts).
import { buildSimulator } from './index.js';
import { simulatorOptionsFromEnv } from './env.js';

const env = process.env;
const port = Number(env.SIM_PORT ?? 3100);
const host = env.SIM_HOST || '127.0.0.1';

const sim = await buildSimulator(simulatorOptionsFromEnv(env));
await sim.listen({ port, host });
const listening = (sim.server.address() as { port: number }).port;
const pageHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
console.log(`企微模拟器: http://${pageHost}:${listening}/?token=${sim.sim.controlToken}  (企业微信接口 /qyapi/cgi-bin；页面、短信发件箱与控制接口需要控制口令)`);
if (!env.SIM_CONTROL_TOKEN) console.log(`控制口令（本次启动生成，设置 SIM_CONTROL_TOKEN 可固定）: ${sim.sim.controlToken}`);
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

// Runs the simulator on its own: SIM_PORT (3100), SIM_HOST (0.0.0.0), SIM_PUBLIC_URL,
// SIM_GZH_CALLBACK_URL (http://127.0.0.1:3000/api/gzh/callback), SIM_GZH_TOKEN, SIM_GZH_APP_ID,
// SIM_GZH_APP_SECRET (defaults match the server's), SIM_LOG_LEVEL (info).
import { buildSimulator, SIM_GZH_DEFAULTS } from './index.js';

const env = process.env;
const port = Number(env.SIM_PORT ?? 3100);
const host = env.SIM_HOST ?? '0.0.0.0';
const sim = await buildSimulator({
  logger: { level: env.SIM_LOG_LEVEL ?? 'info' },
  publicUrl: env.SIM_PUBLIC_URL,
  gzh: {
    callbackUrl: env.SIM_GZH_CALLBACK_URL ?? 'http://127.0.0.1:3000/api/gzh/callback',
    token: env.SIM_GZH_TOKEN ?? SIM_GZH_DEFAULTS.token,
    appId: env.SIM_GZH_APP_ID ?? SIM_GZH_DEFAULTS.appId,
    appSecret: env.SIM_GZH_APP_SECRET ?? SIM_GZH_DEFAULTS.appSecret,
  },
});
await sim.listen({ port, host });
console.log(`企微模拟器: http://localhost:${port}  (短信发件箱与扫码页面)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    sim.close().then(() => process.exit(0));
  });
}

// `npm start`, the one-command trial: installs what is missing, builds the web apps once and the server
// each time (under a second), then runs
// the WeCom simulator (on 127.0.0.1, behind a control token) and the server (SQLite under ./data)
// and prints where to go. `npm start -- --rebuild` rebuilds the web apps first. Not for production:
// `npm run prod` (scripts/prod.mjs) is.
import { ensureDependencies, ensureServerBuild, ensureWebBuild, log, startStack, stopTogether } from './lib.mjs';

const port = Number(process.env.PORT ?? 3000);
const simPort = Number(process.env.SIM_PORT ?? 3100);
const sim = process.env.SIM !== 'off';

ensureDependencies();
ensureWebBuild(process.argv.includes('--rebuild'));
ensureServerBuild();
const { children, stop, simToken } = await startStack({ port, simPort, sim });

log('');
log(`控制台已启动：http://localhost:${port}/`);
if (sim) {
  log(`WeCom 模拟器（短信收件箱、公众号扫码）：http://127.0.0.1:${simPort}/?token=${simToken}`);
  log('（模拟器只在本机监听；地址里的 token 是它的控制口令，打开一次后浏览器记住它）');
  log('注册：在登录框点「注册账号」，验证码在模拟器页面的短信收件箱里。');
}
log('这是试用模式（模拟器、自动生成的密钥），不要用于真实客户；生产部署见 README「Running in production」（npm run prod）。');
log('按 Ctrl+C 停止。');

stopTogether({ children, stop });

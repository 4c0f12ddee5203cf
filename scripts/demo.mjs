// `npm run demo`: the simulator with a sample corp, the server, and a demo account already
// connected to that corp and synced — the whole product with no real WeCom corp.
// Size: `npm run demo -- --members=50 --customers=2000` (or DEMO_MEMBERS / DEMO_CUSTOMERS).
// Each run starts from a fresh database under ./data/demo (the simulator keeps its corp in memory).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, log, numberArg, root, startStack, stopTogether } from './lib.mjs';
import { stackClient } from './stack-client.mjs';

const members = numberArg('members', process.env.DEMO_MEMBERS ?? 50);
const customers = numberArg('customers', process.env.DEMO_CUSTOMERS ?? 2000);
const port = Number(process.env.PORT ?? 3000);
const simPort = Number(process.env.SIM_PORT ?? 3100);
const server = `http://127.0.0.1:${port}`;
const sim = `http://127.0.0.1:${simPort}`;
const phone = '13800000000';
const password = 'demo1234';

ensureDependencies();
ensureWebBuild(process.argv.includes('--rebuild'));
ensureServerBuild();
const dataDir = path.join(root, 'data', 'demo');
rmSync(dataDir, { recursive: true, force: true });
// The demo's own debug code (trial mode only; production refuses it): it gives the demo account a seat for
// every member (资源包), beyond the 5 trial seats a new account gets.
const debugCode = randomBytes(24).toString('hex');
// The operators' credential of this run: it creates the demo distributor (分销商门户, docs/distributors.md).
const adminToken = randomBytes(24).toString('hex');
const distributorPhone = '13900000000';
const { children, stop, simToken } = await startStack({ port, simPort, env: { DATA_DIR: dataDir, DEBUG_LOGIN_CODE: debugCode, ADMIN_TOKEN: adminToken } });

const stack = stackClient({ server, sim, simToken });

try {
  log(`生成示例企业（${members} 名成员，${customers} 位客户）并连接…`);
  const token = await stack.registerAccount(phone, password);
  const me = await stack.api('account/info', {}, token);
  for (let left = members; left > 0; left -= 200) await stack.api('seat/x/grant', { code: debugCode, accountId: me.id, count: Math.min(left, 200), days: 365 });
  const size = { departments: Math.max(3, Math.round(members / 10)), members, customers, groups: Math.max(5, Math.round(customers / 100)), tags: 20 };
  const { work } = await stack.connectSampleCorp(token, { name: '示例科技有限公司', size });
  const sync = await stack.waitForSync(token, work.id, (p) => log(`同步中：${p.phase || '准备'} ${p.percent}%`));
  log(sync.status === 'done' ? '同步完成' : `同步失败：${sync.error}`);
  const distributor = await adminCall('/api/admin/distributor/create', { phone: distributorPhone, name: '示例分销商', seatPriceFen: 36_500, promoCode: 'DEMO2024' });

  log('');
  log(`控制台：http://localhost:${port}/`);
  log(`登录：账号 ${phone}，密码 ${password}（已连接「示例科技有限公司」并完成同步）`);
  log(`WeCom 模拟器（客户扫码、删除好友、进群退群、短信收件箱）：http://127.0.0.1:${simPort}/?token=${simToken}`);
  log(`分销商门户：http://localhost:${port}/#/distributor/login（手机号 ${distributorPhone}，验证码见模拟器的短信收件箱）`);
  log(`分销商推广链接（用它注册的主账号归属「示例分销商」）：http://localhost:${port}/?cps=${distributor.promoCode}`);
  log('按 Ctrl+C 停止。');
} catch (error) {
  console.error(error);
  stop();
  process.exit(1);
}

stopTogether({ children, stop });

/** An operators' call (X-Admin-Token), answered with its data. */
async function adminCall(urlPath, body) {
  const res = await fetch(server + urlPath, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': adminToken }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${urlPath}: ${res.status} ${json.message}`);
  return json.data;
}

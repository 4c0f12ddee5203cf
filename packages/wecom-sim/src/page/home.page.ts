// GET /: the simulator's page for people — the SMS outbox, the open QR codes, the official account's
// template messages per WeChat user and the simulated
// WeCom corps, auto-refreshing.
import { layout, SCAN_SCRIPT } from './layout.js';
import { CORPS_BODY, CORPS_SCRIPT } from './corps.section.js';
import { MOMENTS_BODY, MOMENTS_SCRIPT } from './moments.section.js';
import { MASS_BODY, MASS_SCRIPT } from './mass.section.js';
import { INBOX_BODY, INBOX_SCRIPT } from './inbox.section.js';
import { LICENCE_BODY, LICENCE_SCRIPT } from './licence.section.js';

const BODY = `
<h1>企微模拟器</h1>
<p class="muted">这里代替真实的短信通道、微信公众号与企业微信：查看发出的验证码，以微信用户身份扫描登录或绑定二维码，并在模拟企业中制造客户添加、删除、入群等事件。页面每 2 秒自动刷新。</p>
<p id="result"></p>

<h2>短信发件箱</h2>
<table>
  <thead><tr><th style="width:130px">手机号</th><th style="width:100px">验证码</th><th>内容</th><th style="width:90px">发送时间</th></tr></thead>
  <tbody id="sms"><tr><td colspan="4" class="muted">加载中…</td></tr></tbody>
</table>

<h2>待扫码的二维码</h2>
<table>
  <thead><tr><th>场景值</th><th style="width:140px">剩余有效期</th><th style="width:90px">扫码次数</th><th style="width:320px">操作</th></tr></thead>
  <tbody id="scenes"><tr><td colspan="4" class="muted">加载中…</td></tr></tbody>
</table>
${INBOX_BODY}${CORPS_BODY}${MASS_BODY}${MOMENTS_BODY}${LICENCE_BODY}`;

const SCRIPT = `${SCAN_SCRIPT}
const esc = s => String(s).replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const time = ms => new Date(ms).toLocaleTimeString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
function left(ms) { if (ms === null) return '永久'; const s = Math.max(0, Math.round((ms - Date.now()) / 1000)); return Math.floor(s / 60) + ' 分 ' + (s % 60) + ' 秒'; }
async function refresh() {
  try {
    const [sms, scenes] = await Promise.all([fetch('/sms/outbox').then(r => r.json()), fetch('/control/gzh/scenes').then(r => r.json())]);
    document.getElementById('sms').innerHTML = sms.list.length
      ? sms.list.slice(0, 50).map(m => '<tr><td>' + esc(m.phone) + '</td><td class="code">' + esc(m.code || '') + '</td><td>' + esc(m.content) + '</td><td>' + time(m.sentAt) + '</td></tr>').join('')
      : '<tr><td colspan="4" class="muted">暂无短信</td></tr>';
    const open = scenes.list.filter(s => s.status !== 'expired');
    document.getElementById('scenes').innerHTML = open.length
      ? open.map(s => '<tr><td><code>' + esc(s.sceneStr) + '</code></td><td>' + left(s.expiresAt) + '</td><td>' + s.scans.length + '</td><td>'
          + '<button onclick="scanAsNew(\\'' + esc(s.ticket) + '\\')">以新微信用户扫码</button>'
          + '<button onclick="scanAsKnown(\\'' + esc(s.ticket) + '\\')">以已注册微信用户扫码</button></td></tr>').join('')
      : '<tr><td colspan="4" class="muted">暂无待扫码的二维码（在控制台打开扫码登录或绑定公众号后出现）</td></tr>';
  } catch (e) { /* the next tick retries */ }
}
refresh();
setInterval(refresh, 2000);
`;

export const homePage = () => layout('企微模拟器', BODY, SCRIPT + CORPS_SCRIPT + MASS_SCRIPT + MOMENTS_SCRIPT + INBOX_SCRIPT + LICENCE_SCRIPT);

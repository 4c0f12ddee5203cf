// The page a contact way's QR code points to: a person plays a WeChat user (new, or an existing
// customer of the corp) who scans it, through POST /control/corps/:corpId/scan.
import type { ContactWay, Corp } from '../wecom/corp.js';
import { escapeHtml, layout } from './layout.js';

const dateTime = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

export const wayNotFoundPage = () =>
  layout(
    '二维码不存在',
    `<h1>二维码不存在</h1>
<p class="err">该「联系我」二维码不存在、已被删除或已过期。</p>
<p class="muted">请回到<a href="/">模拟器首页</a>查看企业当前的联系我二维码。</p>`,
  );

export function wayScanPage(o: { corp: Corp; way: ContactWay; customers: Array<{ externalUserid: string; name: string }> }): string {
  const { corp, way } = o;
  const id = escapeHtml(way.config_id);
  const members = corp.memberNames(way.user).map(escapeHtml).join('、') || '<span class="muted">无（仅按部门接待）</span>';
  const kind = way.is_temp ? `临时（一客一码），有效期至 ${escapeHtml(dateTime(way.expiresAt!))}` : '长期有效';
  const options = o.customers.map((c) => `<option value="${escapeHtml(c.externalUserid)}">${escapeHtml(c.name)}（${escapeHtml(c.externalUserid)}）</option>`).join('');
  const body = `<h1>模拟微信扫码 · 联系我</h1>
<table style="width:auto">
  <tr><th>企业</th><td>${escapeHtml(corp.corpName)} <span class="muted">（${escapeHtml(corp.corpId)}）</span></td></tr>
  <tr><th>备注</th><td>${escapeHtml(way.remark) || '<span class="muted">无</span>'}</td></tr>
  <tr><th>渠道参数 state</th><td>${way.state ? `<code>${escapeHtml(way.state)}</code>` : '<span class="muted">无</span>'}</td></tr>
  <tr><th>类型</th><td>${way.type === 1 ? '单人' : '多人'}，${kind}</td></tr>
  <tr><th>接待成员</th><td id="members">${members}</td></tr>
  <tr><th>状态</th><td id="status" class="ok">可扫码</td></tr>
</table>
${way.scene === 2 ? `<p><img src="/wwpic/${id}.png" alt="联系我二维码" width="160" height="160"></p>` : ''}
<h2>扫码</h2>
<p>
  昵称 <input id="nick" placeholder="留空随机" maxlength="20" style="width:140px">
  <button class="scan" onclick="scanAsNew()">以新微信用户扫码</button>
</p>
<p>
  ${
    options
      ? `<select id="customer" style="max-width:420px">${options}</select>
  <button class="scan" onclick="scanAsCustomer()">以已有客户扫码</button>`
      : '<span class="muted">该企业还没有客户，先以新微信用户扫码。</span>'
  }
</p>
<p id="result"></p>
<p class="muted">扫码会让客户添加一位接待成员为好友，并向企业的回调地址推送 add_external_contact 事件（含 State 与 WelcomeCode）。<a href="/">返回模拟器首页</a></p>`;
  return layout('模拟微信扫码', body, script(corp.corpId, way.config_id));
}

function script(corpId: string, configId: string) {
  return `
const CORP = ${JSON.stringify(corpId)};
const WAY = ${JSON.stringify(configId)};
const esc = s => String(s).replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const clock = ms => new Date(ms).toLocaleTimeString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
function show(html, ok) { const el = document.getElementById('result'); el.innerHTML = html; el.className = ok ? 'ok' : 'err'; }
async function scan(body) {
  try {
    const res = await fetch('/control/corps/' + encodeURIComponent(CORP) + '/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.assign({ configId: WAY }, body)) });
    const d = await res.json();
    if (!res.ok || d.errcode) return show('扫码失败：' + esc(d.errmsg || ('HTTP ' + res.status)), false);
    const who = (d.newCustomer ? '新微信用户' : '客户') + '「' + esc(d.customerName) + '」';
    if (d.alreadyFriend) return show(who + '已是成员「' + esc(d.memberName) + '」的好友，未产生事件', true);
    const left = Math.max(0, Math.round((d.welcomeCodeExpiresAt - Date.now()) / 1000));
    show(who + '已添加成员「' + esc(d.memberName) + '」（' + esc(d.userid) + '）为好友'
      + (d.deliveries.length ? '，事件已推送' : '（企业未配置回调地址，事件未推送）')
      + '<br>external_userid：<code>' + esc(d.externalUserid) + '</code>'
      + '<br>欢迎语 code：<code>' + esc(d.welcomeCode) + '</code>，有效至 ' + clock(d.welcomeCodeExpiresAt) + '（' + left + ' 秒内可发送欢迎语）', true);
    if (d.newCustomer) {
      const sel = document.getElementById('customer');
      if (sel) { const o = document.createElement('option'); o.value = d.externalUserid; o.textContent = d.customerName + '（' + d.externalUserid + '）'; sel.insertBefore(o, sel.firstChild); }
    }
  } catch (e) { show('扫码失败：' + esc(e.message), false); }
}
function scanAsNew() { const name = document.getElementById('nick').value.trim(); scan(name ? { name } : {}); }
function scanAsCustomer() { const sel = document.getElementById('customer'); if (sel && sel.value) scan({ externalUserid: sel.value }); }
async function refreshWay() {
  try {
    const res = await fetch('/control/corps/' + encodeURIComponent(CORP) + '/contact-ways?configId=' + encodeURIComponent(WAY));
    if (!res.ok) return;
    const w = (await res.json()).list[0];
    if (!w) return;
    document.getElementById('members').innerHTML = w.userNames.length ? w.userNames.map(esc).join('、') : '<span class="muted">无（仅按部门接待）</span>';
    const gone = w.deleted ? '已删除' : w.expired ? '已过期' : '';
    const status = document.getElementById('status');
    status.textContent = gone || '可扫码';
    status.className = gone ? 'err' : 'ok';
    document.querySelectorAll('button.scan').forEach(b => { b.disabled = !!gone; });
  } catch (e) { /* the next tick retries */ }
}
setInterval(refreshWay, 3000);
`;
}

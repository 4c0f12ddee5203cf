// The interface-licence (接口许可) part of the page: the provider's licence orders with 支付 / 取消 for
// an unpaid one, their activation codes and state, and per authorised corp whether its trial is over.
export const LICENCE_BODY = `
<h3>接口许可订单（服务商）</h3>
<p class="muted">控制台通过服务商下单后订单为「待支付」；在此支付后生成激活码。试用期结束后，未激活互通账号的成员调用客户联系接口将被拒绝（701008）。</p>
<table>
  <thead><tr><th style="width:150px">下单时间</th><th>订单号</th><th style="width:120px">企业</th><th style="width:140px">账号数</th><th style="width:90px">状态</th><th>激活码</th><th style="width:140px">操作</th></tr></thead>
  <tbody id="licence-orders"><tr><td colspan="7" class="muted">加载中…</td></tr></tbody>
</table>
<p id="licence-trials"></p>
`;

export const LICENCE_SCRIPT = `
const ORDER_STATUS = { 0: '待支付', 1: '已支付', 2: '已取消', 3: '已失效' };
const CODE_STATUS = { 1: '未绑定', 2: '已绑定', 3: '已过期', 4: '待转移' };
function licenceRow(o) {
  const id = esc(o.order_id);
  const codes = o.codes.map(k => '<span style="white-space:nowrap"><code>' + esc(k.active_code.slice(-6)) + '</code> ' + (k.type === 2 ? '互通' : '基础') + ' ' + (CODE_STATUS[k.status] || k.status) + (k.userid ? ' → ' + esc(k.userid) : '') + '</span>').join('<br>');
  const open = o.order_status === 0;
  return '<tr data-order="' + id + '"><td>' + dateTime(o.create_time * 1000) + '</td><td><code>' + id + '</code></td><td>' + esc(o.corpid) + '</td>'
    + '<td>基础 ' + o.account_count.base_count + '，互通 ' + o.account_count.external_contact_count + '，' + o.account_duration.months + ' 个月</td>'
    + '<td>' + (ORDER_STATUS[o.order_status] || o.order_status) + '</td><td>' + (codes || '<span class="muted">支付后生成</span>') + '</td>'
    + '<td>' + (open ? '<button onclick="payLicence(\\'' + id + '\\')">支付</button><button onclick="cancelLicence(\\'' + id + '\\')">取消</button>' : '') + '</td></tr>';
}
function payLicence(orderId) { act(() => control('/control/provider/licence/pay', { orderId }), '订单已支付，激活码已生成').then(refreshLicences); }
function cancelLicence(orderId) { act(() => control('/control/provider/licence/cancel', { orderId }), '订单已取消').then(refreshLicences); }
function licenceTrial(corpId, ended) { act(() => control('/control/corps/' + encodeURIComponent(corpId) + '/licence-trial', { ended }), ended ? '试用期已结束' : '已恢复试用期'); }
async function refreshLicences() {
  try {
    const [orders, auths] = await Promise.all([fetch('/control/provider/licence/orders').then(r => r.json()), fetch('/control/provider/auths').then(r => r.json())]);
    document.getElementById('licence-orders').innerHTML = orders.list.length ? orders.list.slice(0, 30).map(licenceRow).join('') : '<tr><td colspan="7" class="muted">暂无接口许可订单</td></tr>';
    const corps = [...new Set(auths.list.filter(a => !a.cancelled).map(a => a.corpId))];
    const trials = await Promise.all(corps.map(id => fetch('/control/corps/' + encodeURIComponent(id) + '/licences').then(r => r.json()).then(r => ({ id, ended: r.trialEnded }))));
    document.getElementById('licence-trials').innerHTML = trials.map(t => esc(t.id) + '：' + (t.ended ? '试用期已结束 <button onclick="licenceTrial(\\'' + esc(t.id) + '\\', false)">恢复试用</button>' : '试用中 <button onclick="licenceTrial(\\'' + esc(t.id) + '\\', true)">结束试用期</button>')).join('<br>');
  } catch (e) { /* the next tick retries */ }
}
refreshLicences();
setInterval(refreshLicences, 2000);
`;

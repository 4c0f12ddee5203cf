// The simulated provider's cashier (收银台): what the buyer's browser is sent to. It shows the order and
// its amount in yuan; 支付 pays (the provider then notifies the merchant) and goes back to the merchant,
// 支付失败 leaves the order payable, 取消 closes it and goes back.
import type { PayOrder } from '../pay/pay.store.js';
import { escapeHtml, layout } from './layout.js';

const yuan = (fen: number) => (fen / 100).toFixed(2);
const STATE: Record<PayOrder['state'], string> = { NOTPAY: '待支付', SUCCESS: '已支付', CLOSED: '已关闭', REFUND: '已退款' };

export const cashierNotFoundPage = () => layout('收银台', '<h1>模拟收银台</h1><p class="err">支付单不存在或已失效。</p>');

export function cashierPage(o: PayOrder): string {
  const open = o.state === 'NOTPAY' && Date.now() <= o.timeExpire;
  const body = `<h1>模拟收银台</h1>
<p class="muted">这是企微模拟器扮演的支付渠道：点「支付」即视为买家付款成功，渠道随后向商户发送签名的支付结果通知。</p>
<table style="width:auto">
  <tr><th>商品</th><td>${escapeHtml(o.description) || '—'}</td></tr>
  <tr><th>商户订单号</th><td><code>${escapeHtml(o.outTradeNo)}</code></td></tr>
  <tr><th>应付金额</th><td><span class="code" data-testid="cashier-amount">¥${yuan(o.amountFen)}</span></td></tr>
  <tr><th>状态</th><td id="state">${STATE[o.state]}${o.state === 'NOTPAY' && !open ? '（已超过支付期限）' : ''}</td></tr>
</table>
<p>
  <button id="pay" onclick="act('pay')" ${open ? '' : 'disabled'}>支付</button>
  <button id="fail" onclick="act('fail')" ${open ? '' : 'disabled'}>支付失败</button>
  <button id="cancel" onclick="act('cancel')" ${o.state === 'NOTPAY' ? '' : 'disabled'}>取消</button>
  <a href="${escapeHtml(o.returnUrl)}">返回商户</a>
</p>
<p id="result"></p>`;
  return layout('收银台', body, script(o.payId, o.returnUrl));
}

function script(payId: string, returnUrl: string) {
  return `
const PAY = ${JSON.stringify(payId)};
const BACK = ${JSON.stringify(returnUrl)};
function show(text, ok) { const el = document.getElementById('result'); el.textContent = text; el.className = ok ? 'ok' : 'err'; }
async function act(action) {
  try {
    const res = await fetch('/pay/cashier/' + encodeURIComponent(PAY) + '/' + action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const data = await res.json();
    if (!res.ok) return show(data.message || ('操作失败：HTTP ' + res.status), false);
    if (action === 'fail') return show('支付失败（模拟）：订单仍可再次支付', false);
    show(action === 'pay' ? '支付成功，正在返回商户…' : '已取消，正在返回商户…', action === 'pay');
    setTimeout(() => { location.href = BACK; }, 600);
  } catch (e) { show('操作失败：' + e.message, false); }
}
`;
}

// Shared bits of the simulator's pages: plain HTML, inline CSS and JS, no framework.
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · 企微模拟器</title>
<style>
  body { font: 14px/1.6 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0 auto; max-width: 960px; padding: 16px; color: #1f1f1f; }
  h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
  table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid #eee; padding: 6px 8px; text-align: left; vertical-align: top; }
  th { background: #fafafa; font-weight: 600; }
  .code { font: 600 18px monospace; color: #1677ff; letter-spacing: 2px; }
  .muted { color: #8c8c8c; } code { background: #f5f5f5; padding: 0 4px; border-radius: 3px; word-break: break-all; }
  button { cursor: pointer; border: 1px solid #1677ff; background: #fff; color: #1677ff; border-radius: 4px; padding: 2px 10px; margin: 2px 4px 2px 0; }
  button:hover { background: #1677ff; color: #fff; }
  .ok { color: #389e0d; } .err { color: #cf1322; }
</style>
</head>
<body>
${body}
<script>${script}</script>
</body>
</html>`;
}

/** scanAsNew(ticket) / scanAsKnown(ticket): POST /control/gzh/scan and show the outcome in #result. */
export const SCAN_SCRIPT = `
const KNOWN = 'sim.knownOpenids';
function known() { try { return JSON.parse(localStorage.getItem(KNOWN) || '[]'); } catch { return []; } }
function remember(openid) { const l = known().filter(o => o !== openid); l.unshift(openid); localStorage.setItem(KNOWN, JSON.stringify(l.slice(0, 10))); }
function show(text, ok) { const el = document.getElementById('result'); if (el) { el.textContent = text; el.className = ok ? 'ok' : 'err'; } else alert(text); }
async function scan(body) {
  try {
    const res = await fetch('/control/gzh/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) return show(data.errmsg || ('扫码失败：HTTP ' + res.status), false);
    remember(data.openid);
    show((data.delivered ? '已扫码，事件已推送给服务器' : '已扫码，但事件未送达服务器（请检查回调地址）') + '（openid：' + data.openid + '）', data.delivered);
    if (typeof refresh === 'function') refresh();
  } catch (e) { show('扫码失败：' + e.message, false); }
}
function scanAsNew(ticket) { scan({ ticket }); }
function scanAsKnown(ticket) {
  const openid = prompt('请输入已注册微信用户的 openid' + (known().length ? '（最近使用：' + known().join('，') + '）' : ''), known()[0] || '');
  if (openid && openid.trim()) scan({ ticket, openid: openid.trim() });
}
`;

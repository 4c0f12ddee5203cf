// The official account's template messages (模板消息) on the page: what each WeChat user received,
// grouped by openid (their follower nickname beside it), newest first.
export const INBOX_BODY = `
<h2>公众号消息（微信用户收到的模板消息）</h2>
<p class="muted">控制台消息中心通过公众号模板消息发出的通知，按接收的微信用户（openid）列出。</p>
<div id="inbox"><p class="muted">加载中…</p></div>
`;

export const INBOX_SCRIPT = `
function inboxText(m) {
  return Object.entries(m.data).map(([k, v]) => '<div><span class="muted">' + esc(k) + '：</span>' + esc(v.value) + '</div>').join('');
}
async function refreshInbox() {
  try {
    const [inbox, followers] = await Promise.all([fetch('/control/gzh/inbox').then(r => r.json()), fetch('/control/gzh/followers').then(r => r.json())]);
    const names = new Map(followers.list.map(f => [f.openid, f.nickname]));
    const byUser = new Map();
    for (const m of inbox.list) byUser.set(m.touser, [...(byUser.get(m.touser) || []), m]);
    document.getElementById('inbox').innerHTML = byUser.size
      ? [...byUser].map(([openid, list]) => '<h3>' + esc(names.get(openid) || '微信用户') + ' <code class="muted">' + esc(openid) + '</code>（' + list.length + ' 条）</h3>'
          + '<table><thead><tr><th style="width:150px">收到时间</th><th style="width:120px">msgid</th><th>内容</th></tr></thead><tbody>'
          + list.slice(0, 30).map(m => '<tr><td>' + dateTime(m.sentAt) + '</td><td><code>' + esc(m.msgid) + '</code></td><td>' + inboxText(m) + '</td></tr>').join('')
          + '</tbody></table>').join('')
      : '<p class="muted">暂无模板消息</p>';
  } catch (e) { /* the next tick retries */ }
}
refreshInbox();
setInterval(refreshInbox, 2000);
`;

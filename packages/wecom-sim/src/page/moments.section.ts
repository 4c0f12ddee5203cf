// The moments (朋友圈) part of the page for people: each corp's moment tasks with their senders, a
// button per sender to publish (as if from their WeCom client), 「全部发表」, and the 提醒发表 messages
// members received.
export const MOMENTS_BODY = `
<h3>朋友圈任务</h3>
<p class="muted">控制台创建的朋友圈在这里等待成员发表；点成员旁的「发表」即该成员在企业微信中发表，「全部发表」让所有成员发表。已取消的任务不能再发表。</p>
<table>
  <thead><tr><th style="width:150px">创建时间</th><th>内容</th><th style="width:110px">状态</th><th>发表成员</th><th style="width:100px">操作</th></tr></thead>
  <tbody id="moments"><tr><td colspan="5" class="muted">加载中…</td></tr></tbody>
</table>
<h3>应用消息（提醒发表等）</h3>
<table>
  <thead><tr><th style="width:90px">时间</th><th style="width:220px">接收成员</th><th>内容</th></tr></thead>
  <tbody id="app-messages"><tr><td colspan="3" class="muted">加载中…</td></tr></tbody>
</table>
`;

export const MOMENTS_SCRIPT = `
const KIND = { image: '图片', video: '视频', link: '链接' };
function publishMoment(corpId, jobid, userid) {
  act(() => control('/control/corps/' + encodeURIComponent(corpId) + '/confirm-moment', { jobid, userid }), '成员已发表');
}
function publishMomentAll(corpId, jobid) {
  act(() => control('/control/corps/' + encodeURIComponent(corpId) + '/moment-publish-all', { jobid }), d => d.published + ' 位成员已发表');
}
function momentRow(corpId, m) {
  const kinds = m.attachments.map(a => KIND[a] || a);
  const text = m.text.length > 60 ? m.text.slice(0, 60) + '…' : m.text;
  const left = m.senders.filter(s => !s.publishTime).length;
  const senders = m.senders.map(s => esc(s.name) + (s.publishTime ? ' <span class="ok">已发表</span>'
    : m.cancelled ? ' <span class="muted">未发表</span>' : ' <button onclick="publishMoment(\\'' + esc(corpId) + '\\', \\'' + esc(m.jobid) + '\\', \\'' + esc(s.userid) + '\\')">发表</button>')).join('<br>');
  const invalid = m.invalidSenders.length ? '<br><span class="err">无法发表：' + m.invalidSenders.map(esc).join('、') + '</span>' : '';
  return '<tr><td>' + dateTime(m.createTime * 1000) + '</td><td>' + (text ? esc(text) : '<span class="muted">（无文字）</span>') + (kinds.length ? '<br><span class="muted">' + kinds.length + ' 个' + esc(kinds[0]) + '</span>' : '') + '</td>'
    + '<td>' + (m.cancelled ? '<span class="muted">已取消</span>' : (m.senders.length - left) + ' / ' + m.senders.length + ' 已发表') + '</td>'
    + '<td>' + (senders || '<span class="muted">无</span>') + invalid + '</td>'
    + '<td>' + (!m.cancelled && left ? '<button onclick="publishMomentAll(\\'' + esc(corpId) + '\\', \\'' + esc(m.jobid) + '\\')">全部发表</button>' : '') + '</td></tr>';
}
async function refreshMoments() {
  try {
    const corps = (await fetch('/control/corps').then(r => r.json())).list;
    const of = (c, what) => fetch('/control/corps/' + encodeURIComponent(c.corpId) + '/' + what).then(r => r.json()).then(r => (r.list || []).map(x => ({ corpId: c.corpId, x })));
    const moments = (await Promise.all(corps.map(c => of(c, 'moments')))).flat().sort((a, b) => b.x.createTime - a.x.createTime).slice(0, 30);
    const messages = (await Promise.all(corps.map(c => of(c, 'app-messages')))).flat().sort((a, b) => b.x.sentAt - a.x.sentAt).slice(0, 20);
    document.getElementById('moments').innerHTML = moments.length ? moments.map(m => momentRow(m.corpId, m.x)).join('')
      : '<tr><td colspan="5" class="muted">暂无朋友圈任务（在控制台「朋友圈」新建后出现）</td></tr>';
    document.getElementById('app-messages').innerHTML = messages.length
      ? messages.map(({ x }) => '<tr><td>' + time(x.sentAt) + '</td><td>' + (x.names || x.touser).map(esc).join('、') + '</td><td>' + esc(x.text) + '</td></tr>').join('')
      : '<tr><td colspan="3" class="muted">暂无应用消息</td></tr>';
  } catch (e) { /* the next tick retries */ }
}
refreshMoments();
setInterval(refreshMoments, 2000);
`;

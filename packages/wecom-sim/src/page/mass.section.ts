// The mass messages (群发) part of the page: every task the console made, its members and whether
// each has sent, with a button per member and 「全部确认」 (per message or for every open one).
export const MASS_BODY = `
<h3>群发任务（待成员确认）</h3>
<p class="muted">控制台创建的群发在成员确认后才发出；确认时逐个客户定出结果（已送达 / 已不是好友 / 本月已收到上限条数的群发）。
<button onclick="confirmAllMass()">全部确认（所有企业的所有未发送任务）</button></p>
<table>
  <thead><tr><th style="width:150px">创建时间</th><th>内容</th><th style="width:90px">类型</th><th>成员（状态）</th><th style="width:140px">操作</th></tr></thead>
  <tbody id="mass"><tr><td colspan="5" class="muted">加载中…</td></tr></tbody>
</table>
`;

export const MASS_SCRIPT = `
const MASS_STATUS = { 0: '未发送', 2: '已发送' };
function massRow(corpId, m) {
  const c = esc(corpId), id = esc(m.msgid);
  const members = m.members.map(u => esc(u.name) + '（' + u.targets.length + ' 个，' + (m.cancelled && u.status !== 2 ? '已停止' : MASS_STATUS[u.status] || u.status) + '）'
    + (u.status !== 2 && !m.cancelled ? ' <button onclick="confirmMass(\\'' + c + '\\', \\'' + id + '\\', \\'' + esc(u.userid) + '\\')">确认发送</button>' : '')).join('<br>');
  const open = !m.cancelled && m.members.some(u => u.status !== 2);
  return '<tr><td>' + dateTime(m.createTime * 1000) + '</td><td>' + esc(m.text.slice(0, 60)) + (m.attachments ? '<br><span class="muted">附件 ' + m.attachments + ' 个</span>' : '') + '</td>'
    + '<td>' + (m.chatType === 'group' ? '客户群' : '客户') + (m.cancelled ? '<br><span class="err">已停止</span>' : '') + '</td><td>' + members + '</td>'
    + '<td>' + (open ? '<button onclick="confirmAllMass(\\'' + c + '\\', \\'' + id + '\\')">全部确认</button>' : '') + '</td></tr>';
}
function confirmMass(corpId, msgid, userid) {
  act(() => control('/control/corps/' + encodeURIComponent(corpId) + '/confirm-mass-send', { msgid, userid }), '成员已确认发送');
}
function confirmAllMass(corpId, msgid) {
  act(async () => {
    const corps = corpId ? [corpId] : (await fetch('/control/corps').then(r => r.json())).list.map(c => c.corpId);
    let n = 0;
    for (const id of corps) n += (await control('/control/corps/' + encodeURIComponent(id) + '/confirm-mass-send-all', msgid ? { msgid } : {})).confirmed;
    return n;
  }, n => '已确认 ' + n + ' 个成员任务');
}
async function refreshMass() {
  try {
    const corps = await fetch('/control/corps').then(r => r.json());
    const lists = await Promise.all(corps.list.map(c => fetch('/control/corps/' + encodeURIComponent(c.corpId) + '/mass-messages').then(r => r.json()).then(r => ({ corpId: c.corpId, list: r.list || [] }))));
    const rows = lists.flatMap(l => l.list.slice(0, 30).map(m => massRow(l.corpId, m)));
    document.getElementById('mass').innerHTML = rows.length ? rows.join('') : '<tr><td colspan="5" class="muted">暂无群发任务</td></tr>';
  } catch (e) { /* the next tick retries */ }
}
refreshMass();
setInterval(refreshMass, 2000);
`;

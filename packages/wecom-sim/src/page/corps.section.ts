// The WeCom part of the page for people: sample corps, buttons that make things happen in them,
// and the callback delivery log.
export const CORPS_BODY = `
<h2>企业微信（模拟企业）</h2>
<p class="muted">创建示例企业后，可用其 corpid 与 secret 在控制台接入企业；下面的按钮模拟企业微信里发生的事，事件会加密推送到企业配置的回调地址。每个企业下列出它的联系我二维码（渠道码、员工码、一客一码），点「扫码页」以微信用户身份扫码。</p>
<p>
  名称 <input id="corp-name" placeholder="留空随机" style="width:120px">
  成员 <input id="corp-members" type="number" value="20" min="1" style="width:70px">
  客户 <input id="corp-customers" type="number" value="200" min="0" style="width:90px">
  客户群 <input id="corp-groups" type="number" value="10" min="0" style="width:70px">
  <button onclick="createCorp()">创建示例企业</button>
</p>
<table>
  <thead><tr><th>企业</th><th style="width:170px">规模</th><th style="width:200px">回调</th><th style="width:330px">模拟操作</th></tr></thead>
  <tbody id="corps"><tr><td colspan="4" class="muted">加载中…</td></tr></tbody>
</table>

<h3>客户转接（在职继承 / 离职继承）</h3>
<p class="muted">转接由控制台发起；客户在 24 小时内可拒绝，否则自动接替（按模拟器时钟）。<button onclick="advanceClock()">时钟快进 24 小时</button> <span id="sim-clock" class="muted"></span></p>
<table>
  <thead><tr><th style="width:150px">发起时间</th><th>客户</th><th style="width:130px">原跟进成员</th><th style="width:130px">接替成员</th><th style="width:80px">类型</th><th style="width:150px">状态</th><th style="width:150px">操作</th></tr></thead>
  <tbody id="transfers"><tr><td colspan="7" class="muted">加载中…</td></tr></tbody>
</table>

<h3>已发送的欢迎语</h3>
<table>
  <thead><tr><th style="width:90px">时间</th><th style="width:150px">成员</th><th style="width:150px">客户</th><th>内容</th><th style="width:150px">附件</th></tr></thead>
  <tbody id="welcomes"><tr><td colspan="5" class="muted">加载中…</td></tr></tbody>
</table>

<h3>回调推送记录</h3>
<table>
  <thead><tr><th style="width:90px">时间</th><th>事件</th><th style="width:90px">推送给</th><th style="width:70px">次数</th><th style="width:90px">状态</th></tr></thead>
  <tbody id="deliveries"><tr><td colspan="5" class="muted">加载中…</td></tr></tbody>
</table>
`;

export const CORPS_SCRIPT = `
const STATUS = { pending: '推送中', delivered: '已送达', failed: '失败', dropped: '已丢弃（故障注入）' };
const TARGET = { corp: '企业回调', suite: '第三方应用', template: '代开发应用' };
async function control(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
  const data = await res.json();
  if (!res.ok || (data.errcode && data.errcode !== 0)) throw new Error(data.errmsg || ('HTTP ' + res.status));
  return data;
}
const pushed = d => d.deliveries && d.deliveries.length ? '，事件已推送' : '（企业未配置回调地址，事件未推送）';
async function act(fn, okText) {
  try { const data = await fn(); show(typeof okText === 'function' ? okText(data) : okText, true); refreshCorps(); }
  catch (e) { show('操作失败：' + e.message, false); }
}
const corpInfo = id => fetch('/control/corps/' + encodeURIComponent(id)).then(r => r.json());
function choose(title, items, label) {
  if (!items.length) throw new Error('没有可选的' + title);
  const text = items.map((x, i) => (i + 1) + '. ' + label(x)).join('\\n');
  const n = Number(prompt('选择' + title + '（输入序号）：\\n' + text, '1'));
  if (!n || !items[n - 1]) throw new Error('已取消');
  return items[n - 1];
}
function createCorp() {
  const num = id => Number(document.getElementById(id).value) || 0;
  const name = document.getElementById('corp-name').value.trim();
  act(() => control('/control/corps', { name: name || undefined, seed: 'page-' + Date.now(), size: { members: num('corp-members'), customers: num('corp-customers'), groups: num('corp-groups') } }),
    d => '已创建企业 ' + d.corpName + '（corpid ' + d.corpId + '）');
}
function scanWay(corpId, existing) {
  act(async () => {
    const way = document.getElementById('way-' + corpId).value;
    if (!way) throw new Error('该企业没有联系我二维码');
    let externalUserid;
    if (existing) externalUserid = choose('已有客户', (await corpInfo(corpId)).follows, f => f.name + '（' + f.externalUserid + '）').externalUserid;
    return control('/control/corps/' + corpId + '/scan', { configId: way, externalUserid });
  }, d => d.alreadyFriend ? '客户「' + d.customerName + '」已是成员「' + d.memberName + '」的好友，未产生事件'
    : '客户「' + d.customerName + '」已添加成员「' + d.memberName + '」' + pushed(d) + '；欢迎语 code 有效至 ' + time(d.welcomeCodeExpiresAt));
}
function removeFollow(corpId, path, text) {
  act(async () => {
    const f = choose('好友关系', (await corpInfo(corpId)).follows, f => f.memberName + ' — ' + f.name);
    return control('/control/corps/' + corpId + '/' + path, { userid: f.userid, externalUserid: f.externalUserid });
  }, d => text + pushed(d));
}
const JOIN_SCENES = [{ id: 1, name: '由群成员邀请入群' }, { id: 2, name: '通过群链接入群' }, { id: 3, name: '扫描群二维码入群' }];
const membersOf = info => info.follows.filter((f, i, l) => l.findIndex(x => x.userid === f.userid) === i).map(f => ({ userid: f.userid, name: f.memberName }));
function joinGroup(corpId) {
  act(async () => {
    const info = await corpInfo(corpId);
    const g = choose('客户群', info.groups, g => g.name + '（' + g.memberCount + ' 人）');
    const scene = choose('入群方式', JOIN_SCENES, s => s.name);
    const newcomer = confirm('确定：一位新的微信用户入群；取消：选择一位已有客户入群');
    const externalUserid = newcomer ? undefined : choose('客户', info.follows, f => f.name).externalUserid;
    const invitor = choose('邀请人（分享群的成员）', membersOf(info), m => m.name).userid;
    return control('/control/corps/' + corpId + '/group-join', { chatId: g.chatId, joinScene: scene.id, externalUserid, invitor });
  }, d => '客户已入群' + pushed(d));
}
function createGroup(corpId) {
  act(async () => {
    const owner = choose('群主', membersOf(await corpInfo(corpId)), m => m.name);
    const name = prompt('群名称', '新建客户群');
    if (name === null) throw new Error('已取消');
    return control('/control/corps/' + corpId + '/group-create', { owner: owner.userid, name });
  }, d => '客户群已创建' + pushed(d));
}
function renameGroup(corpId) {
  act(async () => {
    const g = choose('客户群', (await corpInfo(corpId)).groups, g => g.name);
    const name = prompt('新的群名称', g.name);
    if (!name) throw new Error('已取消');
    return control('/control/corps/' + corpId + '/group-rename', { chatId: g.chatId, name });
  }, d => '群名称已修改' + pushed(d));
}
function dismissGroup(corpId) {
  act(async () => {
    const g = choose('要解散的客户群', (await corpInfo(corpId)).groups, g => g.name + '（' + g.memberCount + ' 人）');
    return control('/control/corps/' + corpId + '/group-dismiss', { chatId: g.chatId });
  }, d => '客户群已解散' + pushed(d));
}
function memberLeave(corpId) {
  act(async () => {
    const m = choose('离职的成员', membersOf(await corpInfo(corpId)), m => m.name + '（' + m.userid + '）');
    if (!confirm('成员「' + m.name + '」离职后，其客户等待分配（离职继承），其客户群的群主状态变为「已离职」。确定？')) throw new Error('已取消');
    return control('/control/corps/' + corpId + '/member-leave', { userid: m.userid });
  }, d => '成员已离职' + pushed(d));
}
function answerTransfer(corpId, externalUserid, answer) {
  act(() => control('/control/corps/' + encodeURIComponent(corpId) + '/transfer-answer', { externalUserid, answer }),
    d => d.status === 1 ? '客户已接受，已由接替成员跟进' : '客户未能接替，已推送 transfer_fail 事件' + pushed(d));
}
function advanceClock() {
  act(() => control('/control/clock', { ms: 86400000 }), d => '模拟器时钟已快进到 ' + dateTime(d.now) + '，等待满 24 小时的转接已自动接替');
}
const TRANSFER_STATUS = { 1: '接替完毕', 2: '等待接替', 3: '客户拒绝', 4: '接替成员客户达到上限' };
function transferRow(corpId, t) {
  const q = '\\'' + esc(corpId) + '\\', \\'' + esc(t.external_userid) + '\\'';
  const acts = t.status === 2
    ? '<button onclick="answerTransfer(' + q + ', \\'accept\\')">接受</button><button onclick="answerTransfer(' + q + ', \\'refuse\\')">拒绝</button><button onclick="answerTransfer(' + q + ', \\'limit\\')">达上限</button>'
    : '';
  return '<tr><td>' + dateTime(t.started * 1000) + '</td><td>' + esc(t.customerName) + '</td><td>' + esc(t.handoverName) + '</td><td>' + esc(t.takeoverName) + '</td><td>' + (t.resigned ? '离职继承' : '在职继承') + '</td>'
    + '<td class="' + (t.status === 1 ? 'ok' : t.status === 2 ? '' : 'err') + '">' + (TRANSFER_STATUS[t.status] || t.status) + '</td><td>' + acts + '</td></tr>';
}
function leaveGroup(corpId) {
  act(async () => {
    const g = choose('客户群', (await corpInfo(corpId)).groups, g => g.name + '（' + g.memberCount + ' 人）');
    const m = choose('退群的客户', g.externals, m => m.name);
    return control('/control/corps/' + corpId + '/group-leave', { chatId: g.chatId, userid: m.userid });
  }, d => '客户已退群' + pushed(d));
}
// Corp tags edited as an admin would in WeCom's console: each change pushes change_external_tag.
const tagGroupsOf = tags => tags.reduce((gs, t) => {
  const g = gs.find(x => x.groupId === t.groupId) || (gs.push({ groupId: t.groupId, groupName: t.groupName, tags: [] }), gs[gs.length - 1]);
  g.tags.push(t);
  return gs;
}, []);
const tagEdit = (corpId, body) => control('/control/corps/' + corpId + '/tag-edit', body);
function createTagGroup(corpId) {
  act(() => {
    const groupName = prompt('新标签组名称（不超过 30 个字）');
    if (!groupName) throw new Error('已取消');
    const names = (prompt('标签名称，多个用逗号或空格分开') || '').split(/[,，\\s]+/).filter(Boolean);
    if (!names.length) throw new Error('已取消');
    return tagEdit(corpId, { action: 'create', groupName, names });
  }, d => '标签组已创建' + pushed(d));
}
function addTag(corpId) {
  act(async () => {
    const g = choose('标签组', tagGroupsOf((await corpInfo(corpId)).tags), g => g.groupName + '（' + g.tags.length + ' 个标签）');
    const name = prompt('新标签名称（不超过 30 个字）');
    if (!name) throw new Error('已取消');
    return tagEdit(corpId, { action: 'create', groupId: g.groupId, name });
  }, d => '标签已添加' + pushed(d));
}
/** Tags and groups in one list to pick from (groups marked). */
async function tagOrGroup(corpId) {
  const groups = tagGroupsOf((await corpInfo(corpId)).tags);
  const items = groups.flatMap(g => [{ id: g.groupId, label: '【标签组】' + g.groupName, name: g.groupName }].concat(g.tags.map(t => ({ id: t.id, label: g.groupName + ' / ' + t.name, name: t.name }))));
  return choose('标签或标签组', items, x => x.label);
}
function editTag(corpId) {
  act(async () => {
    const t = await tagOrGroup(corpId);
    const name = prompt('新的名称', t.name);
    if (!name) throw new Error('已取消');
    return tagEdit(corpId, { action: 'update', id: t.id, name });
  }, d => '已修改' + pushed(d));
}
function deleteTag(corpId) {
  act(async () => {
    const t = await tagOrGroup(corpId);
    if (!confirm('确定删除「' + t.label + '」？客户身上的该标签会一并移除。')) throw new Error('已取消');
    return tagEdit(corpId, { action: 'delete', id: t.id });
  }, d => '已删除' + pushed(d));
}
function shuffleTag(corpId) {
  act(async () => {
    const groups = tagGroupsOf((await corpInfo(corpId)).tags);
    const g = choose('要排序的对象', [{ groupName: '（标签组之间的顺序）', tags: groups.map(x => ({ id: x.groupId, name: x.groupName })) }].concat(groups), x => x.groupName);
    const text = g.tags.map((t, i) => (i + 1) + '. ' + t.name).join('\\n');
    const order = (prompt('按新顺序输入序号（用逗号分开），排在前面的显示在前：\\n' + text, g.tags.map((_, i) => i + 1).reverse().join(',')) || '').split(/[,，\\s]+/).filter(Boolean).map(Number);
    if (!order.length) throw new Error('已取消');
    const ids = order.map(n => (g.tags[n - 1] || {}).id);
    return tagEdit(corpId, { action: 'shuffle', groupId: g.groupId, ids });
  }, d => '顺序已调整' + pushed(d));
}
function showSecrets(corpId) {
  corpInfo(corpId).then(c => alert('corpid：' + c.corpId + '\\n应用 secret：' + c.secret + '\\n通讯录 secret：' + c.contactSecret + '\\nagentid：' + c.agentId));
}
const WAYS_SHOWN = 20;
const dateTime = ms => new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
function waysRow(c) {
  const ways = c.contactWays.slice(-WAYS_SHOWN).reverse();
  const rows = ways.map(w => '<tr><td>' + (esc(w.remark) || '<span class="muted">无备注</span>') + '</td><td>' + (w.state ? '<code>' + esc(w.state) + '</code>' : '<span class="muted">无</span>') + '</td>'
    + '<td>' + (w.userNames.length ? w.userNames.map(esc).join('、') : '<span class="muted">按部门</span>') + '</td>'
    + '<td>' + (w.is_temp ? '临时，至 ' + dateTime(w.expiresAt) : '长期') + '</td>'
    + '<td><a href="/wecom/scan/' + encodeURIComponent(w.config_id) + '" target="_blank">扫码页</a> <a href="/wwpic/' + encodeURIComponent(w.config_id) + '.png" target="_blank">二维码</a></td></tr>').join('');
  return '<tr><td colspan="4" style="padding-left:24px"><b>联系我二维码</b> <span class="muted">（共 ' + c.contactWays.length + ' 个' + (c.contactWays.length > WAYS_SHOWN ? '，显示最新 ' + WAYS_SHOWN + ' 个' : '') + '）</span>'
    + (rows ? '<table><thead><tr><th>备注</th><th style="width:150px">渠道参数 state</th><th>接待成员</th><th style="width:190px">有效期</th><th style="width:110px">操作</th></tr></thead><tbody>' + rows + '</tbody></table>' : '<br><span class="muted">暂无联系我二维码</span>')
    + '</td></tr>';
}
function tagsRow(c) {
  const groups = (c.tagList || []).map(g => '<span class="tag-group"><b>' + esc(g.groupName) + '</b>：' + (g.tags.map(esc).join('、') || '<span class="muted">无</span>') + '</span>').join('；');
  return '<tr><td colspan="4" style="padding-left:24px" data-tags="' + esc(c.corpId) + '"><b>企业客户标签</b> ' + (groups || '<span class="muted">暂无标签</span>') + '</td></tr>';
}
function welcomeRow(m) {
  const types = m.attachments.map(a => a && a.msgtype).filter(Boolean);
  const text = m.text.length > 60 ? m.text.slice(0, 60) + '…' : m.text;
  return '<tr><td>' + time(m.sentAt) + '</td><td>' + esc(m.memberName) + '</td><td>' + esc(m.customerName || m.externalUserid) + '</td><td>' + (text ? esc(text) : '<span class="muted">（无文字）</span>') + '</td>'
    + '<td>' + (types.length ? types.length + ' 个（' + types.map(esc).join('、') + '）' : '<span class="muted">无</span>') + '</td></tr>';
}
async function refreshCorps() {
  try {
    const [corps, deliveries] = await Promise.all([fetch('/control/corps').then(r => r.json()), fetch('/control/deliveries?limit=30').then(r => r.json())]);
    const welcomes = (await Promise.all(corps.list.map(c => fetch('/control/corps/' + encodeURIComponent(c.corpId) + '/welcome-messages?limit=20').then(r => r.json()))))
      .flatMap(r => r.list || []).sort((a, b) => b.sentAt - a.sentAt).slice(0, 20);
    const transfers = await Promise.all(corps.list.map(c => fetch('/control/corps/' + encodeURIComponent(c.corpId) + '/transfers').then(r => r.json()).then(r => ({ corpId: c.corpId, ...r }))));
    const rows = transfers.flatMap(t => (t.list || []).slice(0, 30).map(x => transferRow(t.corpId, x)));
    const clock = await fetch('/control/clock').then(r => r.json());
    document.getElementById('sim-clock').textContent = '模拟器时钟：' + dateTime(clock.now) + (clock.offsetMs ? '（快进了 ' + Math.round(clock.offsetMs / 3600000) + ' 小时）' : '');
    document.getElementById('transfers').innerHTML = rows.length ? rows.join('') : '<tr><td colspan="7" class="muted">暂无转接</td></tr>';
    document.getElementById('welcomes').innerHTML = welcomes.length ? welcomes.map(welcomeRow).join('')
      : '<tr><td colspan="5" class="muted">暂无欢迎语（客户扫码后，服务器在 welcome code 有效期内调用 send_welcome_msg 即出现在这里）</td></tr>';
    const el = document.getElementById('corps');
    const focused = document.activeElement && document.activeElement.tagName === 'SELECT' && el.contains(document.activeElement);
    if (!focused) el.innerHTML = corps.list.length
      ? corps.list.map(c => '<tr><td>' + esc(c.corpName) + '<br><code>' + esc(c.corpId) + '</code> <button onclick="showSecrets(\\'' + esc(c.corpId) + '\\')">密钥</button></td>'
          + '<td>成员 ' + c.members + '<br>客户 ' + c.customers + '（好友关系 ' + c.follows + '）<br>客户群 ' + c.groups + '</td>'
          + '<td>' + (c.callback ? esc(c.callback.url) + '<br>' + (c.callback.verified ? '<span class="ok">已验证</span>' : '<span class="err">验证未通过</span>') : '<span class="muted">未配置</span>') + '</td>'
          + '<td><select id="way-' + esc(c.corpId) + '">' + c.contactWays.map(w => '<option value="' + esc(w.config_id) + '">' + esc(w.remark || w.state || w.config_id) + (w.is_temp ? '（临时）' : '') + '</option>').join('') + '</select><br>'
          + '<button onclick="scanWay(\\'' + esc(c.corpId) + '\\', false)">新微信用户扫码</button>'
          + '<button onclick="scanWay(\\'' + esc(c.corpId) + '\\', true)">已有客户扫码</button><br>'
          + '<button onclick="removeFollow(\\'' + esc(c.corpId) + '\\', \\'delete-customer\\', \\'成员已删除客户\\')">成员删除客户</button>'
          + '<button onclick="removeFollow(\\'' + esc(c.corpId) + '\\', \\'customer-deletes-member\\', \\'客户已删除成员\\')">客户删除成员</button><br>'
          + '<button onclick="createGroup(\\'' + esc(c.corpId) + '\\')">建群</button>'
          + '<button onclick="joinGroup(\\'' + esc(c.corpId) + '\\')">入群</button>'
          + '<button onclick="leaveGroup(\\'' + esc(c.corpId) + '\\')">退群</button>'
          + '<button onclick="renameGroup(\\'' + esc(c.corpId) + '\\')">群改名</button>'
          + '<button onclick="dismissGroup(\\'' + esc(c.corpId) + '\\')">解散群</button><br>'
          + '<button onclick="memberLeave(\\'' + esc(c.corpId) + '\\')">成员离职</button>'
          + '<br>标签：<button onclick="createTagGroup(\\'' + esc(c.corpId) + '\\')">新建标签组</button>'
          + '<button onclick="addTag(\\'' + esc(c.corpId) + '\\')">添加标签</button>'
          + '<button onclick="editTag(\\'' + esc(c.corpId) + '\\')">编辑标签</button>'
          + '<button onclick="deleteTag(\\'' + esc(c.corpId) + '\\')">删除标签</button>'
          + '<button onclick="shuffleTag(\\'' + esc(c.corpId) + '\\')">标签排序</button></td></tr>' + tagsRow(c) + waysRow(c)).join('')
      : '<tr><td colspan="4" class="muted">暂无企业（用上面的表单创建，或启动时设置 SIM_SAMPLE_CORP）</td></tr>';
    document.getElementById('deliveries').innerHTML = deliveries.list.length
      ? deliveries.list.map(d => '<tr><td>' + time(d.createdAt) + '</td><td><code>' + esc(d.event) + '</code> <span class="muted">' + esc(d.corpId) + '</span></td><td>' + (TARGET[d.target] || d.target) + '</td><td>' + d.attempts + '</td><td class="' + (d.status === 'delivered' ? 'ok' : d.status === 'pending' ? '' : 'err') + '">' + (STATUS[d.status] || d.status) + '</td></tr>').join('')
      : '<tr><td colspan="5" class="muted">暂无推送</td></tr>';
  } catch (e) { /* the next tick retries */ }
}
refreshCorps();
setInterval(refreshCorps, 2000);
`;

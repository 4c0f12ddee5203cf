// The authorisation pages an admin of a corp sees: the provider app's install page and the 代开发
// authorisation page. The simulator's corps stand in for the admin's corps.
import type { Corp } from '../wecom/corp.js';
import { escapeHtml, layout } from './layout.js';

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');

export function installPage(o: { title: string; appName: string; action: string; fields: Record<string, string>; corps: Corp[] }): string {
  if (!o.corps.length) {
    return layout(o.title, `<h1>${escapeHtml(o.title)}</h1><p class="err">模拟器中还没有企业。请先在<a href="/">模拟器首页</a>创建示例企业，再刷新本页。</p>`);
  }
  const options = o.corps
    .map(
      (c, i) =>
        `<label style="display:block;margin:6px 0"><input type="radio" name="corpId" value="${escapeHtml(c.corpId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(c.corpName)} <span class="muted">（${escapeHtml(c.corpId)}，成员 ${c.members.length} 人）</span></label>`,
    )
    .join('');
  return layout(
    o.title,
    `<h1>${escapeHtml(o.title)}</h1>
<p>「${escapeHtml(o.appName)}」申请获得以下企业的通讯录与客户联系权限。请选择要授权的企业：</p>
<form method="post" action="${escapeHtml(o.action)}">
${hidden(o.fields)}
${options}
<p><button type="submit" style="padding:6px 24px">授权</button></p>
</form>
<p class="muted">这是企微模拟器的授权页，代替企业微信的第三方应用安装页面。</p>`,
  );
}

export const messagePage = (title: string, text: string, ok: boolean) =>
  layout(title, `<h1>${escapeHtml(title)}</h1><p class="${ok ? 'ok' : 'err'}">${escapeHtml(text)}</p>`);

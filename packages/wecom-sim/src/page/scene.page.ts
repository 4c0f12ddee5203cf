// The page a QR code points to: lets a person scan it as a WeChat user.
import { GzhStore, type QrScene } from '../gzh/gzh.store.js';
import { escapeHtml, layout, SCAN_SCRIPT } from './layout.js';

export function scenePage(scene: QrScene | undefined): string {
  if (!scene) return layout('二维码不存在', '<p class="muted">二维码不存在或已被清除。</p>');
  const status = GzhStore.statusOf(scene);
  const body =
    status === 'expired'
      ? '<p class="muted">二维码已过期，请在控制台刷新二维码。</p>'
      : `<p>场景值：<code>${escapeHtml(scene.sceneStr)}</code></p>
<p>
  <button onclick="scanAsNew('${escapeHtml(scene.ticket)}')">以新微信用户扫码</button>
  <button onclick="scanAsKnown('${escapeHtml(scene.ticket)}')">以已注册微信用户扫码</button>
</p>
<p id="result" class="muted"></p>`;
  return layout('模拟微信扫码', `<h1>模拟微信扫码</h1>${body}`, SCAN_SCRIPT);
}

// A light toast at the top centre that looks like antd's message, without depending on antd:
// the guest path (login gate) must stay lean, and every app shares this one instance.
import { TOAST_DURATION_MS } from '@scrm/contracts/constants';

export type ToastType = 'info' | 'success' | 'error' | 'warning' | 'loading';

export interface ToastOptions {
  /** Milliseconds before it closes; 0 keeps it open. Default 3000 (spec §9). */
  duration?: number;
  /** A toast with the same key replaces the one already shown. */
  key?: string;
}

const COLORS: Record<ToastType, string> = {
  info: '#1677ff',
  success: '#52c41a',
  error: '#ff4d4f',
  warning: '#faad14',
  loading: '#1677ff',
};

// Status glyphs drawn on a 16×16 grid: a filled circle with a white mark, like antd's filled icons.
const GLYPHS: Record<Exclude<ToastType, 'loading'>, string> = {
  info: '<rect x="7" y="6.5" width="2" height="5.5" rx="1" fill="#fff"/><circle cx="8" cy="4.5" r="1.1" fill="#fff"/>',
  success: '<path d="M4.6 8.2l2.3 2.3 4.6-4.7" fill="none" stroke="#fff" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"/>',
  error: '<path d="M5.4 5.4l5.2 5.2M10.6 5.4l-5.2 5.2" stroke="#fff" stroke-width="1.7" stroke-linecap="round"/>',
  warning: '<rect x="7" y="3.8" width="2" height="5.6" rx="1" fill="#fff"/><circle cx="8" cy="11.5" r="1.1" fill="#fff"/>',
};

const STYLE_ID = 'scrm-toast-style';
const CSS = `
.scrm-toast-root{position:fixed;top:8px;left:0;right:0;z-index:2010;pointer-events:none;display:flex;flex-direction:column;align-items:center;gap:8px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','WenQuanYi Micro Hei',sans-serif}
.scrm-toast{pointer-events:auto;display:inline-flex;align-items:center;max-width:min(560px,calc(100vw - 32px));padding:9px 12px;background:#fff;border-radius:8px;box-shadow:0 6px 16px 0 rgba(0,0,0,.08),0 3px 6px -4px rgba(0,0,0,.12),0 9px 28px 8px rgba(0,0,0,.05);color:rgba(0,0,0,.88);font-size:14px;line-height:1.5715;animation:scrm-toast-in .2s ease-out}
.scrm-toast svg{flex:none;width:16px;height:16px;margin-right:8px}
.scrm-toast-loading svg{animation:scrm-toast-spin 1s linear infinite}
@keyframes scrm-toast-in{from{opacity:0;transform:translateY(-12px)}to{opacity:1;transform:none}}
@keyframes scrm-toast-spin{to{transform:rotate(360deg)}}
`;

interface Shown {
  el: HTMLElement;
  timer?: ReturnType<typeof setTimeout>;
}

const shown = new Map<string, Shown>();
let seq = 0;

function root(): HTMLElement {
  let el = document.querySelector<HTMLElement>('.scrm-toast-root');
  if (!el) {
    if (!document.getElementById(STYLE_ID)) {
      const style = document.createElement('style');
      style.id = STYLE_ID;
      style.textContent = CSS;
      document.head.appendChild(style);
    }
    el = document.createElement('div');
    el.className = 'scrm-toast-root';
    document.body.appendChild(el);
  }
  return el;
}

function icon(type: ToastType): string {
  const color = COLORS[type];
  const body =
    type === 'loading'
      ? `<circle cx="8" cy="8" r="6.2" fill="none" stroke="${color}" stroke-width="1.8" stroke-linecap="round" stroke-dasharray="29 10"/>`
      : `<circle cx="8" cy="8" r="8" fill="${color}"/>${GLYPHS[type]}`;
  return `<svg viewBox="0 0 16 16" aria-hidden="true">${body}</svg>`;
}

function close(key: string): void {
  const item = shown.get(key);
  if (!item) return;
  clearTimeout(item.timer);
  item.el.remove();
  shown.delete(key);
}

export function openToast(type: ToastType, content: string, options: ToastOptions | number = {}): () => void {
  const opts = typeof options === 'number' ? { duration: options } : options;
  const key = opts.key ?? `toast-${++seq}`;
  const duration = opts.duration ?? TOAST_DURATION_MS;
  let item = shown.get(key);
  if (item) clearTimeout(item.timer);
  else {
    item = { el: document.createElement('div') };
    root().appendChild(item.el);
    shown.set(key, item);
  }
  item.el.className = `scrm-toast scrm-toast-${type}`;
  item.el.setAttribute('role', type === 'error' || type === 'warning' ? 'alert' : 'status');
  item.el.dataset.toastType = type;
  item.el.innerHTML = icon(type);
  const text = document.createElement('span');
  text.textContent = content;
  item.el.appendChild(text);
  if (duration > 0) item.timer = setTimeout(() => close(key), duration);
  return () => close(key);
}

export const toast = {
  open: openToast,
  info: (content: string, options?: ToastOptions | number) => openToast('info', content, options),
  success: (content: string, options?: ToastOptions | number) => openToast('success', content, options),
  error: (content: string, options?: ToastOptions | number) => openToast('error', content, options),
  warning: (content: string, options?: ToastOptions | number) => openToast('warning', content, options),
  loading: (content: string, options?: ToastOptions | number) => openToast('loading', content, options),
  /** Closes one toast, or all of them. */
  destroy(key?: string) {
    if (key !== undefined) close(key);
    else for (const k of [...shown.keys()]) close(k);
  },
};

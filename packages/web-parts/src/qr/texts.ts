// The QR image's wording: a file of its own, so that the login gate's bundle takes only these lines.
export const QR_TEXT = {
  loading: '二维码加载中…',
  expired: '二维码已失效，点击刷新',
  failed: '二维码加载失败，点击刷新',
} as const;

// A login session's device in words people read (「Chrome 120 · Windows」, 「微信 · iPhone」), from its
// User-Agent. A rough reading for the user centre's list, never used for any decision.

const major = (ua: string, re: RegExp): string => {
  const m = re.exec(ua);
  return m?.[1] ? ` ${m[1].split('.')[0]}` : '';
};

function browserOf(ua: string): string | null {
  if (/wxwork\//i.test(ua)) return '企业微信';
  if (/MicroMessenger\//i.test(ua)) return '微信';
  if (/DingTalk/i.test(ua)) return '钉钉';
  if (/Edg(?:e|A|iOS)?\//.test(ua)) return `Edge${major(ua, /Edg(?:e|A|iOS)?\/([\d.]+)/)}`;
  if (/OPR\/|Opera/.test(ua)) return `Opera${major(ua, /OPR\/([\d.]+)/)}`;
  if (/QQBrowser\//.test(ua)) return 'QQ浏览器';
  if (/UCBrowser\//.test(ua)) return 'UC浏览器';
  if (/360SE|360EE|QihooBrowser/.test(ua)) return '360浏览器';
  if (/HeadlessChrome\//.test(ua)) return `Chrome${major(ua, /HeadlessChrome\/([\d.]+)/)}（无界面）`;
  if (/Firefox\/|FxiOS\//.test(ua)) return `Firefox${major(ua, /(?:Firefox|FxiOS)\/([\d.]+)/)}`;
  if (/Chrome\/|CriOS\//.test(ua)) return `Chrome${major(ua, /(?:Chrome|CriOS)\/([\d.]+)/)}`;
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return `Safari${major(ua, /Version\/([\d.]+)/)}`;
  if (/^curl\//i.test(ua)) return 'curl';
  if (/^node|undici|axios|okhttp|python-requests|Go-http-client/i.test(ua)) return '程序调用';
  return null;
}

function systemOf(ua: string): string | null {
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return '鸿蒙';
  if (/Android/.test(ua)) return 'Android';
  if (/Windows Phone/.test(ua)) return 'Windows Phone';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

export function deviceOf(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return '未知设备';
  const parts = [browserOf(ua), systemOf(ua)].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : '未知设备';
}

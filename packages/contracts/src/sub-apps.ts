// The sub-applications of spec §2, each its own build loaded by the shell at run time.
export interface SubApp {
  /** Path prefix it owns, e.g. "/channel-qrcode". */
  prefix: string;
  /** Module Federation name (an identifier). */
  name: string;
  title: string;
  devPort: number;
}

export const SUB_APPS: SubApp[] = [
  { prefix: '/channel-qrcode', name: 'channel_qrcode', title: '渠道活码', devPort: 7002 },
  { prefix: '/qw', name: 'qw', title: '企业账号管理', devPort: 7003 },
  { prefix: '/user', name: 'user', title: '用户中心', devPort: 7004 },
  { prefix: '/staff', name: 'staff', title: '成员管理', devPort: 7005 },
  { prefix: '/outer-group', name: 'outer_group', title: '客户群', devPort: 7006 },
  { prefix: '/tag', name: 'tag', title: '标签', devPort: 7007 },
  { prefix: '/notice', name: 'notice', title: '消息通知', devPort: 7008 },
  { prefix: '/data', name: 'data', title: '数据中心', devPort: 7009 },
  { prefix: '/customer', name: 'customer', title: '客户', devPort: 7010 },
  { prefix: '/customer-qrcode', name: 'customer_qrcode', title: '一客一码', devPort: 7011 },
  { prefix: '/setting', name: 'setting', title: '企业设置', devPort: 7012 },
  { prefix: '/staff-qrcode', name: 'staff_qrcode', title: '员工活码', devPort: 7013 },
];

export const SHELL_DEV_PORT = 7001;

/** The sub-app that owns a path, by its first segment; undefined when none does. */
export function subAppOf(pathname: string): SubApp | undefined {
  const first = '/' + (pathname.split('/')[1] ?? '');
  return SUB_APPS.find((app) => app.prefix === first);
}

/** Where a sub-app's built files are served in production. */
export const subAppBase = (app: SubApp) => `/apps/${app.prefix.slice(1)}/`;

/** Paths the shell itself owns (spec §2, DESIGN.md §2). */
export const SHELL_PREFIXES = ['/push', '/moment-push', '/material', '/auth'];

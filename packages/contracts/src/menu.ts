// The one menu configuration (spec §2): the side menu, the breadcrumbs and the
// permission keys of child accounts are all built from this tree.

export interface MenuNode {
  /** Permission key; granted keys of a child account decide what it sees. */
  key: string;
  name: string;
  path?: string;
  /** Name of an @ant-design/icons icon, for sections. */
  icon?: string;
  hideInMenu?: boolean;
  /** Opt out of the breadcrumb trail. */
  hideInBreadcrumb?: boolean;
  /** The page's name when it edits an existing item (its URL carries ?id=), e.g. 「编辑渠道活码」. */
  editName?: string;
  /** Child accounts never get this node, whatever they are granted. */
  mainOnly?: boolean;
  /**
   * An action key (manage: create, edit, delete, send…): granted only by itself, never by a granted page
   * or section above it; it covers the nodes below it (the create and edit pages).
   */
  action?: boolean;
  children?: MenuNode[];
}

const page = (key: string, name: string, path: string, hidden: MenuNode[] = []): MenuNode => ({
  key,
  name,
  path,
  children: hidden.length ? hidden.map((h) => ({ ...h, hideInMenu: true })) : undefined,
});
const sub = (key: string, name: string, path: string, editName?: string): MenuNode => ({ key, name, path, ...(editName ? { editName } : {}) });
/** A page's manage action (hidden, out of the breadcrumbs): what changes its items, with its create and edit pages. */
const manage = (key: string, name: string, pages: MenuNode[] = []): MenuNode => ({
  key,
  name,
  action: true,
  hideInBreadcrumb: true,
  ...(pages.length ? { children: pages.map((p) => ({ ...p, hideInMenu: true })) } : {}),
});

export const MENU: MenuNode[] = [
  {
    key: 'acquire',
    name: '获客引流',
    icon: 'QrcodeOutlined',
    children: [
      page('channel-qrcode', '渠道活码', '/channel-qrcode/list', [
        manage('channel-qrcode.manage', '管理渠道活码', [sub('channel-qrcode.create', '新建渠道活码', '/channel-qrcode/create', '编辑渠道活码')]),
        sub('channel-qrcode.detail', '渠道活码详情', '/channel-qrcode/detail'),
      ]),
      page('staff-qrcode', '员工活码', '/staff-qrcode/list', [
        manage('staff-qrcode.manage', '管理员工活码', [sub('staff-qrcode.create', '新建员工活码', '/staff-qrcode/create', '编辑员工活码')]),
        sub('staff-qrcode.detail', '员工活码详情', '/staff-qrcode/detail'),
      ]),
      page('customer-qrcode', '一客一码', '/customer-qrcode/list', [
        manage('customer-qrcode.manage', '管理一客一码', [sub('customer-qrcode.edit', '新建一客一码', '/customer-qrcode/edit', '编辑一客一码')]),
        sub('customer-qrcode.detail', '一客一码详情', '/customer-qrcode/detail'),
      ]),
      page('risk', '风控管理', '/setting/risk', [
        manage('risk.manage', '管理风控', [
          sub('risk.cron.create', '新建定时上下线', '/setting/risk/cron/create', '编辑定时上下线'),
          sub('risk.limit.create', '新建成员加好友上限', '/setting/risk/limit/create', '编辑成员加好友上限'),
        ]),
        sub('risk.cron.detail', '定时上下线详情', '/setting/risk/cron/detail'),
        sub('risk.limit.detail', '成员加好友上限详情', '/setting/risk/limit/detail'),
      ]),
    ],
  },
  {
    key: 'customer-manage',
    name: '客户管理',
    icon: 'TeamOutlined',
    children: [
      page('outer-group', '客户群', '/outer-group/list', [sub('outer-group.detail', '客户群详情', '/outer-group/detail')]),
      page('customer', '客户列表', '/customer/list', [sub('customer.detail', '客户详情', '/customer/detail'), manage('customer.manage', '修改客户备注与标签')]),
      page('customer-transfer', '客户继承', '/customer/transfer'),
    ],
  },
  {
    key: 'qw',
    name: '企业账号管理',
    hideInMenu: true,
    mainOnly: true,
    children: [
      { key: 'qw.list', name: '企业账号', path: '/qw/list' },
      { key: 'qw.edit', name: '编辑企业账号', path: '/qw/edit' },
    ],
  },
  {
    key: 'user',
    name: '用户中心',
    hideInMenu: true,
    children: [{ key: 'user.setting', name: '账号设置', path: '/user/setting' }],
  },
  {
    key: 'marketing',
    name: '营销',
    icon: 'SendOutlined',
    children: [
      page('push', '群发', '/push/list', [
        // push.create: the page and the action (create, edit, cancel, delete, remind) in one key.
        { ...sub('push.create', '新建群发', '/push/create', '编辑群发'), action: true },
        sub('push.detail', '群发详情', '/push/detail'),
      ]),
      page('moment-push', '朋友圈', '/moment-push/list', [
        { ...sub('moment-push.create', '新建朋友圈', '/moment-push/create', '编辑朋友圈'), action: true },
        sub('moment-push.detail', '朋友圈详情', '/moment-push/detail'),
      ]),
    ],
  },
  {
    key: 'operation',
    name: '运营',
    icon: 'TagsOutlined',
    children: [
      page('tag', '标签管理', '/tag/list', [manage('tag.manage', '管理标签')]),
      page('tag-auto', '自动标签', '/tag/auto/list', [
        manage('tag-auto.manage', '管理自动标签', [sub('tag-auto.edit', '新建自动标签', '/tag/auto/edit', '编辑自动标签')]),
        sub('tag-auto.detail', '自动标签详情', '/tag/auto/detail'),
      ]),
    ],
  },
  {
    key: 'enterprise',
    name: '企业管理',
    icon: 'ApartmentOutlined',
    children: [
      // staff.group: changing 成员分组 (the page's key reads them).
      page('staff', '成员列表', '/staff/list', [manage('staff.group', '管理成员分组')]),
      // Child accounts and roles are the main account's: a child never gets them.
      { ...page('subaccount', '子账号', '/setting/subaccount/list', [sub('subaccount.edit', '编辑子账号', '/setting/subaccount/edit')]), mainOnly: true },
      { ...page('role', '功能角色', '/setting/role/list'), mainOnly: true },
    ],
  },
  {
    key: 'notice',
    name: '消息中心',
    hideInMenu: true,
    children: [{ key: 'notice.setting', name: '消息通知设置', path: '/notice/setting' }],
  },
  {
    key: 'data',
    name: '数据中心',
    icon: 'BarChartOutlined',
    children: [page('data-customer', '好友分析', '/data/customer')],
  },
  {
    key: 'settings',
    name: '设置',
    icon: 'SettingOutlined',
    children: [
      page('material', '素材库', '/material/list', [manage('material.manage', '管理素材')]),
      page('package', '资源包', '/setting/package', [manage('package.manage', '管理席位')]),
    ],
  },
];

/** Every node of the tree, depth first. */
export function walkMenu(nodes: MenuNode[] = MENU, parents: MenuNode[] = []): Array<{ node: MenuNode; parents: MenuNode[] }> {
  return nodes.flatMap((node) => [{ node, parents }, ...walkMenu(node.children ?? [], [...parents, node])]);
}

/** All permission keys a main account holds. */
export const ALL_PERMISSION_KEYS: string[] = walkMenu().map(({ node }) => node.key);

interface KeyInfo {
  /** The keys that grant this one besides itself: its ancestors up to the nearest action node (that one included); none for an action node. */
  coveredBy: string[];
  mainOnly: boolean;
  action: boolean;
}

/** Ancestors (innermost first) up to and including the nearest action; none when the node is an action itself. */
function coveringKeys(node: MenuNode, parents: MenuNode[]): string[] {
  if (node.action) return [];
  const keys: string[] = [];
  for (const p of [...parents].reverse()) {
    keys.push(p.key);
    if (p.action) break;
  }
  return keys;
}

const KEY_INFO = new Map<string, KeyInfo>(
  walkMenu().map(({ node, parents }) => [
    node.key,
    { coveredBy: coveringKeys(node, parents), mainOnly: [...parents, node].some((n) => n.mainOnly), action: node.action === true },
  ]),
);

export const isKnownKey = (key: string) => KEY_INFO.has(key);
export const isMainOnlyKey = (key: string) => KEY_INFO.get(key)?.mainOnly ?? false;
export const isActionKey = (key: string) => KEY_INFO.get(key)?.action ?? false;

/**
 * Whether a child account holding `granted` may use what `key` guards: its own key is granted, or an
 * ancestor's below the nearest action node (a granted page covers its detail sub-pages, a granted
 * section its pages — but neither covers an action key such as `channel-qrcode.manage`, which only
 * itself grants, with the create and edit pages below it); never anything under a mainOnly node.
 * The server's guards and the web's auth flags both decide with this.
 */
export function childGranted(granted: ReadonlySet<string>, key: string): boolean {
  const info = KEY_INFO.get(key);
  if (!info || info.mainOnly) return false;
  return granted.has(key) || info.coveredBy.some((k) => granted.has(k));
}

/**
 * A key set as it read before action keys (0023): each key with every action key below it, since a
 * granted page then covered its changes too. The migration of older child accounts maps their keys with it.
 */
export function withActionsBelow(keys: readonly string[]): string[] {
  const out = new Set(keys);
  for (const { node, parents } of walkMenu()) {
    if (node.action && parents.some((p) => out.has(p.key))) out.add(node.key);
  }
  return [...out];
}

/**
 * What a role stores: known keys that a child may hold (mainOnly ones dropped), de-duplicated, in menu
 * order; each grants what it names (an action key without its page changes without reading — the role
 * editor checks the page with it). Unknown keys are returned in `unknown`.
 */
export function roleKeys(keys: readonly string[]): { keys: string[]; unknown: string[] } {
  const unknown = keys.filter((k) => !isKnownKey(k));
  const wanted = new Set(keys.filter((k) => isKnownKey(k) && !isMainOnlyKey(k)));
  return { keys: ALL_PERMISSION_KEYS.filter((k) => wanted.has(k)), unknown };
}

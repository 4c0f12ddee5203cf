import { describe, expect, it } from 'vitest';
import { MENU, type MenuNode } from '@scrm/contracts/menu';
import { authFlags, authKeysFor, breadcrumbsFor, filterMenu, grantedKeysOf, isEditing, menuStateFor, titleFor } from './menu';

const keysOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children ?? [])]);
const child = { isChild: true };
const main = { isChild: false };

describe('filterMenu', () => {
  it('gives a main account the whole menu, mainOnly nodes included', () => {
    expect(filterMenu(MENU, main, [])).toEqual(MENU);
  });

  it('keeps the parents of a granted child key, and only that child', () => {
    const menu = filterMenu(MENU, child, ['channel-qrcode']);
    expect(menu.map((n) => n.key)).toEqual(['acquire']);
    expect(menu[0].children?.map((n) => n.key)).toEqual(['channel-qrcode']);
    // the page's hidden sub-pages were not granted
    expect(menu[0].children?.[0].children).toEqual([]);
  });

  it('keeps a page through a granted sub-page key', () => {
    const menu = filterMenu(MENU, child, ['customer.detail']);
    expect(keysOf(menu)).toEqual(['customer-manage', 'customer', 'customer.detail']);
  });

  it('keeps a parent whose own key is granted though none of its children is', () => {
    const menu = filterMenu(MENU, child, ['marketing']);
    expect(menu.map((n) => n.key)).toEqual(['marketing']);
    expect(menu[0].children).toEqual([]);
  });

  it('hides a parent with no granted children when its own key is not granted', () => {
    expect(filterMenu(MENU, child, [])).toEqual([]);
    expect(filterMenu(MENU, child, ['no-such-key'])).toEqual([]);
  });

  it('never shows mainOnly nodes to a child account, even when granted', () => {
    const menu = filterMenu(MENU, child, ['qw', 'qw.list', 'qw.edit', 'staff']);
    expect(keysOf(menu)).toEqual(['enterprise', 'staff']);
  });

  it('keeps the configured order', () => {
    const menu = filterMenu(MENU, child, ['package', 'channel-qrcode', 'risk']);
    expect(keysOf(menu)).toEqual(['acquire', 'channel-qrcode', 'risk', 'settings', 'package']);
  });
});

describe('grantedKeysOf and authFlags', () => {
  it('collects open keys of entries and children', () => {
    const keys = grantedKeysOf([
      { key: 'acquire', open: false, children: [{ key: 'channel-qrcode', open: true }, { key: 'risk', open: false }] },
      { key: 'data', open: true, children: [] },
    ]);
    expect(keys).toEqual(['channel-qrcode', 'data']);
  });

  it('grants every key to a main account', () => {
    const flags = authFlags(main, []);
    expect(Object.values(flags).every(Boolean)).toBe(true);
    expect(flags['qw.list']).toBe(true);
  });

  it('grants a child account its keys and the sub-pages below them but action keys, never mainOnly ones', () => {
    const flags = authFlags(child, ['channel-qrcode', 'qw.list']);
    expect(flags['channel-qrcode']).toBe(true);
    expect(flags['channel-qrcode.detail']).toBe(true);
    // view-only: the manage action and the create page it covers stay closed
    expect(flags['channel-qrcode.manage']).toBe(false);
    expect(flags['channel-qrcode.create']).toBe(false);
    const manage = authFlags(child, ['channel-qrcode', 'channel-qrcode.manage']);
    expect(manage['channel-qrcode.create']).toBe(true);
    expect(flags['staff-qrcode']).toBe(false);
    expect(flags.acquire).toBe(false);
    expect(flags['qw.list']).toBe(false);
  });

  it('grants a whole section when its key is granted', () => {
    const flags = authFlags(child, ['operation']);
    expect(flags.tag).toBe(true);
    expect(flags['tag-auto.detail']).toBe(true);
    expect(flags.customer).toBe(false);
  });
});

describe('authKeysFor', () => {
  it('is the page key and the keys below it', () => {
    expect(authKeysFor('/channel-qrcode/list')).toEqual(['channel-qrcode', 'channel-qrcode.manage', 'channel-qrcode.create', 'channel-qrcode.detail']);
    expect(authKeysFor('/channel-qrcode/create')).toEqual(['channel-qrcode.create']);
  });

  it('throws for a path outside the menu', () => {
    expect(() => authKeysFor('/nowhere')).toThrow(/No menu entry/);
  });
});

describe('breadcrumbsFor', () => {
  it('builds the trail from the menu, with links on non-last entries that have a path', () => {
    expect(breadcrumbsFor('/channel-qrcode/create')).toEqual([
      { key: 'acquire', name: '获客引流' },
      { key: 'channel-qrcode', name: '渠道活码', path: '/channel-qrcode/list' },
      { key: 'channel-qrcode.create', name: '新建渠道活码' },
    ]);
  });

  it('names an edit page (?id=) 「编辑…」 where the menu gives it that name', () => {
    expect(isEditing('?id=3')).toBe(true);
    expect(isEditing('?tab=cron')).toBe(false);
    expect(breadcrumbsFor('/setting/risk/limit/create', undefined, true).at(-1)).toEqual({ key: 'risk.limit.create', name: '编辑成员加好友上限' });
    expect(titleFor('/channel-qrcode/create', undefined, true)).toBe('编辑渠道活码');
    expect(titleFor('/channel-qrcode/create')).toBe('新建渠道活码');
    expect(breadcrumbsFor('/tag/auto/edit').at(-1)).toEqual({ key: 'tag-auto.edit', name: '新建自动标签' });
    expect(breadcrumbsFor('/tag/auto/edit', undefined, true).at(-1)).toEqual({ key: 'tag-auto.edit', name: '编辑自动标签' });
    expect(titleFor('/setting/risk', undefined, true)).toBe('风控管理');
  });

  it('makes the last entry plain text', () => {
    expect(breadcrumbsFor('/setting/risk')).toEqual([
      { key: 'acquire', name: '获客引流' },
      { key: 'risk', name: '风控管理' },
    ]);
  });

  it('leaves out entries that opt out', () => {
    const menu: MenuNode[] = [
      { key: 'a', name: 'A', hideInBreadcrumb: true, children: [{ key: 'b', name: 'B', path: '/b', children: [{ key: 'c', name: 'C', path: '/b/c' }] }] },
    ];
    expect(breadcrumbsFor('/b/c', menu)).toEqual([
      { key: 'b', name: 'B', path: '/b' },
      { key: 'c', name: 'C' },
    ]);
  });

  it('is empty for an unknown path and tolerates a trailing slash', () => {
    expect(breadcrumbsFor('/nowhere')).toEqual([]);
    expect(breadcrumbsFor('/tag/list/').map((c) => c.name)).toEqual(['运营', '标签管理']);
  });
});

describe('menuStateFor', () => {
  it('selects the page and opens its section', () => {
    expect(menuStateFor('/staff/list')).toEqual({ selectedKeys: ['staff'], openKeys: ['enterprise'] });
  });

  it('selects the parent page for a hidden sub-page', () => {
    expect(menuStateFor('/setting/risk/limit/create')).toEqual({ selectedKeys: ['risk'], openKeys: ['acquire'] });
    expect(menuStateFor('/tag/auto/edit')).toEqual({ selectedKeys: ['tag-auto'], openKeys: ['operation'] });
  });

  it('selects nothing in sections hidden from the menu', () => {
    expect(menuStateFor('/qw/list')).toEqual({ selectedKeys: [], openKeys: [] });
    expect(menuStateFor('/user/setting')).toEqual({ selectedKeys: [], openKeys: [] });
  });
});

describe('titleFor', () => {
  it('is the name of the deepest matching entry', () => {
    expect(titleFor('/channel-qrcode/list')).toBe('渠道活码');
    expect(titleFor('/setting/subaccount/edit')).toBe('编辑子账号');
    expect(titleFor('/user/setting')).toBe('账号设置');
    expect(titleFor('/nowhere')).toBeUndefined();
  });
});

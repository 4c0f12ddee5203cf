// Everything derived from the one menu configuration (spec §2): the per-user menu,
// breadcrumbs, selected/open items, page titles and authorization flags.
import { MENU, childGranted, walkMenu, type MenuNode } from '@scrm/contracts/menu';
import type { PermissionEntry } from '@scrm/contracts/account';

export interface MenuUser {
  isChild: boolean;
}

/** The open keys of a permission detail (spec §3): entries and children whose `open` is true. */
export function grantedKeysOf(detail: readonly PermissionEntry[]): string[] {
  return detail.flatMap((entry) => [
    ...(entry.open ? [entry.key] : []),
    ...(entry.children ?? []).filter((child) => child.open).map((child) => child.key),
  ]);
}

/**
 * The menu a user may see. Main accounts see all of it. For child accounts an item stays when its key
 * is granted; a parent with no granted children is hidden unless its own key is granted; mainOnly
 * nodes are never shown. Children lists keep their order.
 */
export function filterMenu(menu: readonly MenuNode[], user: MenuUser, grantedKeys: Iterable<string>): MenuNode[] {
  if (!user.isChild) return [...menu];
  const granted = new Set(grantedKeys);
  const visit = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.flatMap((node) => {
      if (node.mainOnly) return [];
      const children = node.children ? visit(node.children) : undefined;
      if (!granted.has(node.key) && !children?.length) return [];
      return [{ ...node, children }];
    });
  return visit(menu);
}

/**
 * Authorization flags by key: all true for a main account; for a child, the keys it is granted
 * and every key below them, outside mainOnly nodes — the same rule the server enforces.
 */
export function authFlags(user: MenuUser, grantedKeys: Iterable<string>, menu: readonly MenuNode[] = MENU): Record<string, boolean> {
  const granted = new Set(grantedKeys);
  const flags: Record<string, boolean> = {};
  for (const { node } of walkMenu([...menu])) flags[node.key] = !user.isChild || childGranted(granted, node.key);
  return flags;
}

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The node a path belongs to with its ancestors (outermost first): exact match, else the longest path prefix. */
export function menuChainFor(pathname: string, menu: readonly MenuNode[] = MENU): MenuNode[] {
  const path = normalize(pathname);
  let best: { node: MenuNode; parents: MenuNode[] } | undefined;
  for (const entry of walkMenu([...menu])) {
    const nodePath = entry.node.path;
    if (!nodePath) continue;
    if (nodePath === path) return [...entry.parents, entry.node];
    if (path.startsWith(nodePath + '/') && (!best || nodePath.length > (best.node.path?.length ?? 0))) best = entry;
  }
  return best ? [...best.parents, best.node] : [];
}

export interface Crumb {
  key: string;
  name: string;
  /** Set on non-last entries that have a path: they are links. */
  path?: string;
}

/** Whether a page's query (`?id=…`) names an existing item to edit. */
export const isEditing = (search: string) => new URLSearchParams(search).has('id');

/** A page's name; `editing`: its URL carries ?id= (an edit page says 「编辑…」, not 「新建…」). */
const nameOf = (node: MenuNode, editing: boolean) => (editing && node.editName) || node.name;

export function breadcrumbsFor(pathname: string, menu: readonly MenuNode[] = MENU, editing = false): Crumb[] {
  const chain = menuChainFor(pathname, menu).filter((node) => !node.hideInBreadcrumb);
  return chain.map((node, i) => ({
    key: node.key,
    name: nameOf(node, editing && i === chain.length - 1),
    ...(node.path && i < chain.length - 1 ? { path: node.path } : {}),
  }));
}

export interface MenuState {
  selectedKeys: string[];
  openKeys: string[];
}

/** Selected item and open sections for a path; a hidden sub-page selects the page it belongs to. */
export function menuStateFor(pathname: string, menu: readonly MenuNode[] = MENU): MenuState {
  const chain = menuChainFor(pathname, menu);
  const hiddenAt = chain.findIndex((node) => node.hideInMenu);
  const visible = hiddenAt === -1 ? chain : chain.slice(0, hiddenAt);
  const selectedIndex = visible.map((node) => Boolean(node.path)).lastIndexOf(true);
  if (selectedIndex === -1) return { selectedKeys: [], openKeys: [] };
  return {
    selectedKeys: [visible[selectedIndex].key],
    openKeys: visible.slice(0, selectedIndex).map((node) => node.key),
  };
}

export function titleFor(pathname: string, menu: readonly MenuNode[] = MENU, editing = false): string | undefined {
  const node = menuChainFor(pathname, menu).at(-1);
  return node && nameOf(node, editing);
}

/**
 * Auth keys a route declares so that it opens exactly when the filtered menu would show it:
 * its own key or any key below it.
 */
export function authKeysFor(pathname: string, menu: readonly MenuNode[] = MENU): string[] {
  const node = menuChainFor(pathname, menu).at(-1);
  if (!node) throw new Error(`No menu entry for ${pathname}`);
  return walkMenu([node]).map(({ node: n }) => n.key);
}

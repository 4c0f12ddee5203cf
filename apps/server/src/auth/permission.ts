// Child-account permissions, all derived from the one MENU tree of @scrm/contracts/menu.
// A granted key also grants the nodes below it (a granted page covers its hidden sub-pages) except action
// keys (`channel-qrcode.manage`, `push.create`…), which only themselves grant; nodes marked mainOnly, and
// everything under them, are never granted to a child.
import { MENU, childGranted, walkMenu, type MenuNode } from '@scrm/contracts/menu';
import type { PermissionEntry } from '@scrm/contracts/account';


/** Whether a child account holding `granted` may use what `key` guards. */
export const childHas = (granted: ReadonlySet<string> | readonly string[], key: string): boolean =>
  childGranted(granted instanceof Set ? granted : new Set(granted as readonly string[]), key);

/**
 * One entry per top-level section (spec §3 "Permission detail") with every node below it as its child
 * entries, pages, sub-pages and action keys alike: the web's auth flags need the action keys too.
 */
export function permissionDetail(isChild: boolean, granted: readonly string[]): PermissionEntry[] {
  const set = new Set(granted);
  const open = (n: MenuNode) => (isChild ? childHas(set, n.key) : true);
  return MENU.map((section) => ({
    key: section.key,
    open: open(section),
    children: walkMenu(section.children ?? []).map(({ node }) => ({ key: node.key, open: open(node) })),
  }));
}

// Child-account permissions, all derived from the one MENU tree of @scrm/contracts/menu.
// A granted key also grants the nodes below it (a granted page covers its hidden sub-pages);
// nodes marked mainOnly, and everything under them, are never granted to a child.
import { MENU, walkMenu, type MenuNode } from '@scrm/contracts/menu';
import type { PermissionEntry } from '@scrm/contracts/account';

interface KeyInfo {
  ancestors: string[];
  mainOnly: boolean;
}

const KEYS = new Map<string, KeyInfo>(
  walkMenu().map(({ node, parents }) => [
    node.key,
    { ancestors: parents.map((p) => p.key), mainOnly: [...parents, node].some((n) => n.mainOnly) },
  ]),
);

export const isKnownKey = (key: string) => KEYS.has(key);
export const isMainOnlyKey = (key: string) => KEYS.get(key)?.mainOnly ?? false;

/** Whether a child account holding `granted` may use what `key` guards. */
export function childHas(granted: ReadonlySet<string> | readonly string[], key: string): boolean {
  const info = KEYS.get(key);
  if (!info || info.mainOnly) return false;
  const has = (k: string) => (granted instanceof Set ? granted.has(k) : (granted as readonly string[]).includes(k));
  return has(key) || info.ancestors.some(has);
}

/** One entry per top-level section with its direct children (spec §3 "Permission detail"). */
export function permissionDetail(isChild: boolean, granted: readonly string[]): PermissionEntry[] {
  const set = new Set(granted);
  const open = (n: MenuNode) => (isChild ? childHas(set, n.key) : true);
  return MENU.map((section) => ({
    key: section.key,
    open: open(section),
    children: (section.children ?? []).map((c) => ({ key: c.key, open: open(c) })),
  }));
}

// The keys of a 功能角色 as a tree of the menu: sections, their pages (checked: may see the page) and each
// page's action (checked: may change its items — the page is checked with it; unchecking the page drops it).
// Sections only check or clear all they hold; what is stored is pages and actions.
import { Tree, type TreeDataNode } from 'antd';
import { MENU, type MenuNode } from '@scrm/contracts/menu';
import { ROLE as T } from '../texts';

interface PageEntry {
  key: string;
  actions: string[];
}

/** Sections a child may be given (shown in the menu, not main-only), with their pages and the pages' actions. */
export const ROLE_SECTIONS: Array<{ node: MenuNode; pages: Array<{ node: MenuNode; actions: MenuNode[] }> }> = MENU.filter((s) => !s.mainOnly && !s.hideInMenu)
  .map((s) => ({
    node: s,
    pages: (s.children ?? []).filter((p) => !p.mainOnly).map((p) => ({ node: p, actions: (p.children ?? []).filter((c) => c.action) })),
  }))
  .filter((s) => s.pages.length > 0);

const PAGES: PageEntry[] = ROLE_SECTIONS.flatMap((s) => s.pages.map((p) => ({ key: p.node.key, actions: p.actions.map((a) => a.key) })));
const PAGE_OF_ACTION = new Map(PAGES.flatMap((p) => p.actions.map((a) => [a, p.key] as const)));
const SECTION_KEYS = new Map(ROLE_SECTIONS.map((s) => [s.node.key, s.pages.flatMap((p) => [p.node.key, ...p.actions.map((a) => a.key)])]));

/** A role's stored keys as the tree's checked keys: a section key stands for its pages (to see them). */
export function treeKeysOf(keys: readonly string[]): string[] {
  const out = new Set<string>();
  for (const k of keys) {
    const section = ROLE_SECTIONS.find((s) => s.node.key === k);
    if (section) section.pages.forEach((p) => out.add(p.node.key));
    else out.add(k);
  }
  return PAGES.flatMap((p) => [p.key, ...p.actions]).filter((k) => out.has(k));
}

/** The checked keys after `key` was (un)checked: an action brings its page; a page taken away takes its actions. */
export function toggleKey(checked: readonly string[], key: string, on: boolean): string[] {
  const out = new Set(checked);
  const section = SECTION_KEYS.get(key);
  if (section) {
    section.forEach((k) => (on ? out.add(k) : out.delete(k)));
  } else if (on) {
    out.add(key);
    const page = PAGE_OF_ACTION.get(key);
    if (page) out.add(page);
  } else {
    out.delete(key);
    PAGES.find((p) => p.key === key)?.actions.forEach((a) => out.delete(a));
  }
  return PAGES.flatMap((p) => [p.key, ...p.actions]).filter((k) => out.has(k));
}

const actionLabel = (action: MenuNode, page: MenuNode) => (/^(管理|修改)/.test(action.name) ? action.name : `${T.manage}${page.name}`);

const TREE: TreeDataNode[] = ROLE_SECTIONS.map((s) => ({
  key: s.node.key,
  title: s.node.name,
  children: s.pages.map((p) => ({
    key: p.node.key,
    title: (
      <span data-testid={`role-key-${p.node.key}`}>
        {p.node.name}
        <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 6 }}>{T.view}</span>
      </span>
    ),
    children: p.actions.length
      ? p.actions.map((a) => ({
          key: a.key,
          title: <span data-testid={`role-key-${a.key}`}>{actionLabel(a, p.node)}</span>,
        }))
      : undefined,
  })),
}));

export interface RoleKeysTreeProps {
  value?: string[];
  onChange?: (keys: string[]) => void;
}

/** A form control (value: the role's keys). */
export function RoleKeysTree({ value = [], onChange }: RoleKeysTreeProps) {
  const checked = treeKeysOf(value);
  const sectionState = ROLE_SECTIONS.filter((s) => SECTION_KEYS.get(s.node.key)!.every((k) => checked.includes(k))).map((s) => s.node.key);
  const half = ROLE_SECTIONS.filter((s) => !sectionState.includes(s.node.key) && SECTION_KEYS.get(s.node.key)!.some((k) => checked.includes(k))).map((s) => s.node.key);
  return (
    <div data-testid="role-keys-tree" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 4px', maxHeight: 420, overflow: 'auto' }}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={TREE}
        checkedKeys={{ checked: [...checked, ...sectionState], halfChecked: half }}
        onCheck={(_, info) => onChange?.(toggleKey(checked, String(info.node.key), info.checked))}
      />
    </div>
  );
}

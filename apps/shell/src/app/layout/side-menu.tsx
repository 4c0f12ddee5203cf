// The side menu, built per user from the one menu configuration (spec §2, §6).
import { memo, useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { MENU, type MenuNode } from '@scrm/contracts/menu';
import { filterMenu, menuStateFor, useStore } from '@scrm/web-kit';
import { preloadSubAppOf } from '../sub-app-prefetch';
import { NamedIcon } from './menu-icons';
import { T } from '../../texts';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes
    .filter((node) => !node.hideInMenu)
    .map((node): Item => {
      const visibleChildren = (node.children ?? []).filter((child) => !child.hideInMenu);
      const icon = node.icon ? <NamedIcon name={node.icon} /> : undefined;
      // A page's own children are hidden sub-pages: it is a leaf of the menu.
      // Resting on a page's item starts loading its sub-app.
      if (node.path || visibleChildren.length === 0) return { key: node.key, icon, label: node.name, onMouseEnter: () => node.path && preloadSubAppOf(node.path) };
      return { key: node.key, icon, label: node.name, children: toItems(visibleChildren) };
    });
}

function pathsByKey(nodes: MenuNode[], into = new Map<string, string>()) {
  for (const node of nodes) {
    if (node.path) into.set(node.key, node.path);
    if (node.children) pathsByKey(node.children, into);
  }
  return into;
}

/**
 * Memoised: antd's Menu renders each of its ~40 items again whenever it renders, and the layout renders
 * several times as the first page comes in (the work spaces, the page's code).
 */
export const SideMenu = memo(function SideMenu({ fullWidth, onNavigate }: { fullWidth: boolean; onNavigate?: () => void }) {
  const user = useStore('userInfo');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(() => filterMenu(MENU, user, user.permissionOpenKeys), [user]);
  const items = useMemo(() => toItems(menu), [menu]);
  const paths = useMemo(() => pathsByKey(menu), [menu]);
  const state = menuStateFor(pathname);
  // Docked, the menu opens the current section; full width, there is room to open them all.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (fullWidth ? menu.map((node) => node.key) : state.openKeys));
  // Following the path opens its section, keeping what the user opened (the same list when it is open already:
  // on mount it always is, and a new list would render every item again).
  useEffect(() => {
    setOpenKeys((open) => {
      const more = menuStateFor(pathname).openKeys.filter((key) => !open.includes(key));
      return more.length ? [...open, ...more] : open;
    });
  }, [pathname]);

  return (
    <nav className={fullWidth ? 'scrm-side-menu scrm-side-menu-full' : 'scrm-side-menu'} data-testid="side-menu" aria-label={T.layout.mainMenu}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={state.selectedKeys}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        // A closed section's items are rendered when it first opens (hidden, they were neither seen, found by the
        // page's search nor read by a screen reader): the first page renders a third of the items.
        onClick={({ key }) => {
          const path = paths.get(key);
          if (!path) return;
          navigate(path);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
});

// The fixed 60 px top bar after login: brand, work-space switcher, apps grid, user menu.
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { WorkSpaceItem } from '@scrm/contracts/workspace';
import { Brand } from '../../brand';
import { AppsGrid } from './apps-grid';
import { UserMenu } from './user-menu';
import { WorkSwitcher } from './work-switcher';
import { T } from '../../texts';

export interface TopBarProps {
  showMenuToggle: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  phone: boolean;
  workSpaces: { list: WorkSpaceItem[]; loading: boolean };
}

export function TopBar({ showMenuToggle, menuOpen, onToggleMenu, phone, workSpaces }: TopBarProps) {
  return (
    <header className={phone ? 'scrm-top-bar scrm-top-bar-phone' : 'scrm-top-bar'} data-testid="top-bar">
      {showMenuToggle ? (
        <Button
          type="text"
          aria-label={menuOpen ? T.layout.collapseMenu : T.layout.expandMenu}
          aria-expanded={menuOpen}
          data-testid="menu-toggle"
          icon={menuOpen ? <MenuFoldOutlined style={{ fontSize: 18 }} /> : <MenuUnfoldOutlined style={{ fontSize: 18 }} />}
          onClick={onToggleMenu}
        />
      ) : null}
      <Brand />
      <WorkSwitcher list={workSpaces.list} loading={workSpaces.loading} compact={phone} />
      <div style={{ flex: 1 }} />
      <AppsGrid />
      <UserMenu compact={phone} />
    </header>
  );
}

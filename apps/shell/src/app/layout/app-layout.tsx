// The logged-in layout (spec §2): fixed top bar, side menu (docked at ≥1150 px, else full width and
// toggled), breadcrumbs, and the content (min 1000 px wide), shown once the work space is settled and
// the official account is bound.
import { useCallback, useEffect, useState } from 'react';
import { Spin } from 'antd';
import { Outlet, useLocation } from 'react-router-dom';
import { lazyPart, useStore } from '@scrm/web-kit';
import { Breadcrumbs } from './breadcrumbs';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useIsDesktop, useIsPhone } from './use-media';
import { useWorkSpaces } from './use-work-spaces';
import './layout.css';

// Loaded when needed (a main account not yet bound): its Modal is not on the first page's path.
const GzhBindModal = lazyPart(() => import('../gzh-bind-modal').then((m) => ({ default: m.GzhBindModal })));

export function AppLayout() {
  const user = useStore('userInfo');
  const desktop = useIsDesktop();
  const phone = useIsPhone();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const workSpaces = useWorkSpaces();
  const mustBindGzh = !user.isChild && !user.isBindGzh;

  useEffect(() => setMenuOpen(false), [pathname, desktop]);
  // The same function each render, so the menu (SideMenu is memoised) does not render again with the layout.
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="scrm-layout">
      <TopBar showMenuToggle={!desktop} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} phone={phone} workSpaces={workSpaces} />
      {desktop || menuOpen ? <SideMenu fullWidth={!desktop} onNavigate={closeMenu} /> : null}
      <main className={desktop ? 'scrm-main scrm-main-docked' : 'scrm-main'}>
        <div className="scrm-content">
          <Breadcrumbs />
          {/* Nothing of the page shows until the official account is bound. */}
          {mustBindGzh ? null : (
            <div className="scrm-content-body" data-testid="content">
              {workSpaces.settled ? (
                <Outlet />
              ) : (
                <div style={{ padding: 48, textAlign: 'center' }}>
                  <Spin />
                </div>
              )}
            </div>
          )}
        </div>
      </main>
      {mustBindGzh ? <GzhBindModal /> : null}
    </div>
  );
}

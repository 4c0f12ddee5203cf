// The shell's entry. It holds only the guest path (no antd, no router): antd and the layout load
// once the user is logged in (see root.tsx and app/). The distributors' portal (/distributor/*) is a
// separate app loaded lazily in its place (distributor/portal.tsx).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from '@scrm/web-kit/base';
import { rememberCps } from './cps';
import { runDebugLogin } from './debug-login';
import { currentPath, isDistributorPath } from './paths';
import { Root, loadLoggedInApp } from './root';
import './guest/guest.css';

async function start() {
  const el = document.getElementById('root');
  if (!el) throw new Error('#root not found');
  const portal = isDistributorPath(currentPath());
  // Going between the console and the portal starts the other app afresh.
  window.addEventListener('hashchange', () => {
    if (isDistributorPath(currentPath()) !== portal) window.location.reload();
  });
  if (portal) {
    const { mountPortal } = await import('./distributor/portal');
    mountPortal(el);
    return;
  }
  rememberCps();
  if (await runDebugLogin()) return; // the page is reloading
  // With a token, fetch the logged-in part while the account loads.
  if (getToken()) void loadLoggedInApp();
  createRoot(el).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();

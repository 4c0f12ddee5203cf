// The shell's entry. It holds only the guest path (no antd, no router): antd and the layout load
// once the user is logged in (see root.tsx and app/).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from '@scrm/web-kit/base';
import { runDebugLogin } from './debug-login';
import { Root, loadLoggedInApp } from './root';
import './guest/guest.css';

async function start() {
  if (await runDebugLogin()) return; // the page is reloading
  // With a token, fetch the logged-in part while the account loads.
  if (getToken()) void loadLoggedInApp();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root not found');
  createRoot(el).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();

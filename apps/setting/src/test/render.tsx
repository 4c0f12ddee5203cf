// Set-up of this app's page tests (not shipped): the shared render of the web tests, `ui` as the page at `route`.
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@scrm/web-parts/test';

export { settle } from '@scrm/web-parts/test';

/** Renders `ui` at `path` (zh_CN antd, a fresh query client without retries) in work space `workId`. */
export async function renderPage(ui: ReactElement, { path = '/', route = '*', workId = 1 }: { path?: string; route?: string; workId?: number } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path={route} element={ui} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>,
    { path, workId },
  );
}

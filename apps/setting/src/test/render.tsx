// Set-up of this app's page tests (not shipped): jsdom shims and a render with the shell's providers.
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient, store } from '@scrm/web-kit';

/** Renders `ui` at `path` (zh_CN antd, a fresh query client without retries) in work space `workId`. */
export async function renderPage(ui: ReactElement, { path = '/', route = '*', workId = 1 }: { path?: string; route?: string; workId?: number } = {}) {
  store.set('workId', workId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
              <Route path="*" element={<div data-testid="elsewhere" />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    );
  });
  return result;
}

/** Waits `ms` inside act (debounces, antd transitions). */
export const settle = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

// Shared set-up of this package's component tests (not exported): jsdom shims and a render with providers.
// (The component suites allow 30 s a test: antd's first render in jsdom is slow when the web suite runs in parallel.)
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient, store } from '@scrm/web-kit';

dayjs.locale('zh-cn');

/** Renders `ui` as the shell does (zh_CN antd, a fresh query client, a router) in work space 1, and lets the first effects run. */
export async function renderWithProviders(ui: ReactElement) {
  store.set('workId', 1);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    );
  });
  return result;
}

/** Waits `ms` inside act (debounces, antd transitions). */
export const settle = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

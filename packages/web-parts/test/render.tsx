// The one render of the web tests (not shipped): a component or page inside the shell's providers —
// zh_CN antd, a fresh query client, a router at `path` — in work space `workId`. Imported as
// `@scrm/web-parts/test` by the sub-apps' tests, so the set-up is not copied into each.
import type { ReactElement, ReactNode } from 'react';
import { act, configure, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { MemberGroup } from '@scrm/contracts/member-group';
import { createQueryClient, store } from '@scrm/web-kit';

dayjs.locale('zh-cn');
// antd's first renders in jsdom are slow when the whole web suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

export interface RenderOptions {
  /** The router's address (default '/'). */
  path?: string;
  /** With it, `ui` is the element of this route (and any other address renders nothing). */
  route?: string;
  /** Set as the chosen work space first; left as it is without. */
  workId?: number;
  /** false (default): a failed query fails at once. */
  retry?: boolean;
  /** false: antd's own defaults (English locale, spaced two-character buttons), as some suites were written. */
  antdZh?: boolean;
  /** Also render where the router is (data-testid="where"), to check navigation. */
  where?: boolean;
}

/** Where the router is now (to check navigation). */
function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Renders inside act, so the first effects and queries start; returns the render's result and the query client. */
export async function renderWithProviders(ui: ReactElement, { path = '/', route, workId, retry = false, antdZh = true, where = false }: RenderOptions = {}) {
  if (workId !== undefined) store.set('workId', workId);
  const client = createQueryClient();
  if (!retry) client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const routed = route ? (
    <Routes>
      <Route path={route} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );
  const tree: ReactNode = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {routed}
        {where ? <Where /> : null}
      </MemoryRouter>
    </QueryClientProvider>
  );
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      antdZh ? (
        <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
          {tree}
        </ConfigProvider>
      ) : (
        tree
      ),
    );
  });
  return { ...result, client };
}

/** Waits `ms` inside act (debounces, antd transitions, queries). */
export const settle = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

/**
 * A 成员分组 as /api/qw/member/group/find answers it: `[userid, name]` pairs in the corp, then userids that
 * left it (kept in the group, marked departed, not counted).
 */
export function memberGroup(id: number, name: string, members: Array<[string, string]>, departed: string[] = []): MemberGroup {
  return {
    id,
    name,
    count: members.length,
    members: [
      ...members.map(([userid, n]) => ({ userid, name: n, avatar: '', departmentNames: ['销售部'], departed: false })),
      ...departed.map((userid) => ({ userid, name: '', avatar: '', departmentNames: [], departed: true })),
    ],
  };
}

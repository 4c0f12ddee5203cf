// Shared set-up of this app's page tests (jsdom): shims, sample data and a render with providers.
import type { ReactElement } from 'react';
import { act, configure, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ChannelCode, CodeMember } from '@scrm/contracts/contact-way';
import { ApiRequestError, createQueryClient, store } from '@scrm/web-kit';

dayjs.locale('zh-cn');
// antd's first renders in jsdom are slow when the whole web suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

/** Where the router is now (to check navigation). */
function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Renders `ui` at `path` as the shell does (zh_CN antd, fresh query client, router) in work space `workId`. */
export async function renderPage(ui: ReactElement, path: string, workId = 1) {
  store.set('workId', workId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const route = path.split('?')[0]!;
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    );
  });
  return { ...result, client };
}

/** Waits `ms` inside act (debounces, antd transitions, queries). */
export const settle = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

export const notFound = () => new ApiRequestError(404, 404, '渠道活码不存在');

export function member(userid: string, name: string, over: Partial<CodeMember> = {}): CodeMember {
  return {
    userid,
    name,
    avatar: '',
    backup: false,
    dailyCap: null,
    effectiveCap: 0,
    addsToday: 0,
    addsTotal: 0,
    switchOn: true,
    receiving: false,
    offlineReasons: [],
    ...over,
  };
}

export function code(id: number, name: string, over: Partial<ChannelCode> = {}): ChannelCode {
  return {
    id,
    name,
    groupId: null,
    groupName: '',
    state: `ch_${id}`,
    configId: `cfg${id}`,
    qrCode: `https://wework.example/qr/${id}.png`,
    status: 'active',
    error: null,
    distribution: 'in_order',
    dailyCap: 3,
    schedule: [],
    tagIds: [],
    tagNames: [],
    welcome: { text: '', materialIds: [] },
    skipVerify: true,
    remark: '',
    members: [member('zhangsan', '张三', { receiving: true }), member('lisi', '李四')],
    receivingUsers: ['zhangsan'],
    noneAvailable: false,
    addsToday: 0,
    addsTotal: 0,
    lostToday: 0,
    createdAt: Date.UTC(2026, 10, 26, 4, 22),
    updatedAt: Date.UTC(2026, 10, 26, 4, 22),
    ...over,
  };
}

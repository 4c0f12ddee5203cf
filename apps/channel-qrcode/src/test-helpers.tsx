// Shared set-up of this app's page tests (jsdom): sample data and the shared render with providers.
import type { ReactElement } from 'react';
import type { ChannelCode, CodeMember } from '@scrm/contracts/contact-way';
import { ApiRequestError } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';

export { memberGroup, settle } from '@scrm/web-parts/test';

/** Renders `ui` at `path` as the shell does (zh_CN antd, fresh query client, router, where it is) in work space `workId`. */
export const renderPage = (ui: ReactElement, path: string, workId = 1) => renderWithProviders(ui, { path, route: path.split('?')[0]!, workId, where: true });

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

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelCodeInput } from '@scrm/contracts/contact-way';
import type { MemberFindBody, MemberOption } from '@scrm/contracts/customer';
import { ApiRequestError, post } from '@scrm/web-kit';
import { code, member, memberGroup, notFound, renderPage, settle } from '../../test-helpers';
import ChannelQrcodeCreatePage from './index';
import { moveItem } from './member-list-editor';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const option = (userid: string, name: string): MemberOption => ({ userid, name, avatar: '', departmentNames: ['销售部'], isFollowUser: true });
const corp = [option('zhangsan', '张三'), option('lisi', '李四'), option('wangwu', '王五')];

function serve(extra: Record<string, (body: unknown) => unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    if (url in extra) return extra[url]!(body);
    if (url === '/api/qw/member/find') {
      const b = body as MemberFindBody;
      return { list: corp.filter((m) => (b.userids ? b.userids.includes(m.userid) : !b.keyword || m.name.includes(b.keyword))) };
    }
    if (url === '/api/qw/lxw/group/find') return { list: [{ id: 7, name: '线上投放', count: 0 }], ungrouped: 0 };
    if (url === '/api/qw/tag/list') return { list: [] };
    throw new Error(`unexpected ${url}`);
  });
}

/** Picks a member in the 「搜索并添加成员」 select. */
async function addMember(name: string) {
  const picker = screen.getByTestId('member-add');
  await act(async () => fireEvent.mouseDown(within(picker).getByRole('combobox')));
  await settle(400);
  const options = await screen.findAllByTestId('member-option');
  const target = options.find((o) => o.textContent?.includes(name));
  await act(async () => fireEvent.click(target!));
  await settle();
}

const rows = () => screen.getAllByTestId('member-row');
const names = () => rows().map((r) => within(r).getByTestId('member-name').textContent);
const submit = async () => {
  await act(async () => fireEvent.click(screen.getByTestId('code-submit')));
  await settle(200);
};
const addCalls = () => mockedPost.mock.calls.filter(([url]) => url === '/api/qw/lxw/add');

afterEach(() => mockedPost.mockReset());

describe('moveItem', () => {
  it('moves one item and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('/channel-qrcode/create', { timeout: 30_000 }, () => {
  it('validates in Chinese before sending anything', async () => {
    serve();
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create');
    expect(screen.getByText('新建渠道活码')).toBeTruthy();
    await submit();
    expect(await screen.findByText('请输入活码名称')).toBeTruthy();
    expect(screen.getByText('请添加接待成员')).toBeTruthy();

    fireEvent.change(screen.getByTestId('code-name-input'), { target: { value: '抖音投放' } });
    await addMember('张三');
    await act(async () => fireEvent.click(within(rows()[0]!).getByTestId('member-backup')));
    await submit();
    expect(await screen.findByText('至少需要一位接待成员（备用成员之外）')).toBeTruthy();
    expect(addCalls()).toHaveLength(0);
  });

  it('sends the members in their order with backups and caps, then opens the detail', async () => {
    serve({ '/api/qw/lxw/add': () => code(9, '抖音投放') });
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create');
    fireEvent.change(screen.getByTestId('code-name-input'), { target: { value: ' 抖音投放 ' } });
    fireEvent.change(screen.getByTestId('code-remark-input'), { target: { value: '落地页底部' } });
    await addMember('张三');
    await addMember('李四');
    await addMember('王五');
    expect(names()).toEqual(['张三', '李四', '王五']);

    // 王五 up one: 张三, 王五, 李四; 李四 becomes the backup; 王五 gets a cap of his own.
    await act(async () => fireEvent.click(within(rows()[2]!).getByTestId('member-up')));
    expect(names()).toEqual(['张三', '王五', '李四']);
    await act(async () => fireEvent.click(within(rows()[2]!).getByTestId('member-backup')));
    fireEvent.change(within(rows()[1]!).getByRole('spinbutton'), { target: { value: '8' } });
    expect(screen.getByTestId('member-count').textContent).toBe('2 位接待成员，1 位备用成员');

    fireEvent.change(screen.getByLabelText('每日添加上限'), { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByTestId('distribution-in_order')));
    await submit();

    await waitFor(() => expect(addCalls()).toHaveLength(1));
    const [, body, opts] = addCalls()[0]!;
    expect(opts).toEqual({ silent: true });
    expect(body as ChannelCodeInput).toEqual({
      name: '抖音投放',
      groupId: null,
      members: [
        { userid: 'zhangsan', dailyCap: null, backup: false },
        { userid: 'wangwu', dailyCap: 8, backup: false },
        { userid: 'lisi', dailyCap: null, backup: true },
      ],
      distribution: 'in_order',
      dailyCap: 5,
      schedule: [],
      tagIds: [],
      welcome: { text: '', materialIds: [] },
      skipVerify: true,
      remark: '落地页底部',
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/channel-qrcode/detail?id=9'));
  });

  it('reorders by dragging a row by its handle and removes a member', async () => {
    serve();
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create');
    await addMember('张三');
    await addMember('李四');
    await addMember('王五');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.mouseDown(within(rows()[2]!).getByTestId('member-drag'));
    fireEvent.dragStart(rows()[2]!, { dataTransfer });
    fireEvent.dragOver(rows()[0]!, { dataTransfer });
    await act(async () => fireEvent.drop(rows()[0]!, { dataTransfer }));
    expect(names()).toEqual(['王五', '张三', '李四']);
    await act(async () => fireEvent.click(within(rows()[1]!).getByTestId('member-remove')));
    expect(names()).toEqual(['王五', '李四']);
  });

  it('shows the server’s refusal above the form', async () => {
    serve({
      '/api/qw/lxw/add': () => {
        throw new ApiRequestError(400, 400, '成员「张三」没有客户联系权限，无法接待客户');
      },
    });
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create');
    fireEvent.change(screen.getByTestId('code-name-input'), { target: { value: '抖音投放' } });
    await addMember('张三');
    await submit();
    const error = await screen.findByTestId('form-error');
    expect(error.textContent).toContain('保存失败');
    expect(error.textContent).toContain('成员「张三」没有客户联系权限，无法接待客户');
    expect(screen.getByTestId('where').textContent).toBe('/channel-qrcode/create');
  });

  it('edits a code: loads it with its members in order and saves through update', async () => {
    const saved = code(3, '门店前台', {
      groupId: 7,
      groupName: '线上投放',
      distribution: 'random',
      dailyCap: 10,
      members: [member('lisi', '李四', { dailyCap: 2 }), member('zhangsan', '张三', { backup: true })],
      skipVerify: false,
      remark: '前台桌面',
    });
    serve({ '/api/qw/lxw/info': () => saved, '/api/qw/lxw/update': () => saved });
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create?id=3');
    await screen.findByText('编辑渠道活码');
    await waitFor(() => expect(names()).toEqual(['李四', '张三']));
    expect((screen.getByTestId('code-name-input') as HTMLInputElement).value).toBe('门店前台');
    await submit();
    const call = mockedPost.mock.calls.find(([url]) => url === '/api/qw/lxw/update');
    expect(call?.[1]).toMatchObject({
      id: 3,
      name: '门店前台',
      groupId: 7,
      distribution: 'random',
      dailyCap: 10,
      members: [
        { userid: 'lisi', dailyCap: 2, backup: false },
        { userid: 'zhangsan', dailyCap: null, backup: true },
      ],
      skipVerify: false,
      remark: '前台桌面',
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/channel-qrcode/detail?id=3'));
  });

  it('says a missing code is gone, and 取消 returns', async () => {
    serve({
      '/api/qw/lxw/info': () => {
        throw notFound();
      },
    });
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create?id=404');
    expect((await screen.findByTestId('code-not-found')).textContent).toContain('渠道活码不存在或已删除');

    mockedPost.mockReset();
    serve();
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create');
    await act(async () => fireEvent.click(screen.getAllByTestId('code-cancel').at(-1)!));
    expect(screen.getAllByTestId('where').at(-1)!.textContent).toBe('/channel-qrcode/list');
  });
});

describe('「按分组选择」 in the member picker', () => {
  it('adds a 成员分组’s members in the corp after those already on the code, once each', async () => {
    const group = memberGroup(4, '华东销售组', [['zhangsan', '张三'], ['lisi', '李四']], ['gone']);
    serve({ '/api/qw/member/group/find': () => ({ list: [group] }) });
    await renderPage(<ChannelQrcodeCreatePage />, '/channel-qrcode/create');
    await addMember('张三');
    await act(async () => fireEvent.mouseDown(within(screen.getByTestId('member-add')).getByRole('combobox')));
    await settle(400);
    const option = (await screen.findAllByTestId('member-group-option'))[0]!;
    expect(option.textContent).toBe('华东销售组2人');
    await act(async () => fireEvent.click(option));
    await settle();
    expect(names()).toEqual(['张三', '李四']);
    // A member added through the group shows its department as one picked by name does.
    expect(within(rows()[1]!).getByTestId('member-departments').textContent).toBe('销售部');
    expect(screen.getByTestId('member-count').textContent).toBe('2 位接待成员');
  });
});

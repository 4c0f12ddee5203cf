import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberFindBody, MemberOption } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';
import { MemberSelect } from './member-select';
import { memberGroup, renderWithProviders, settle } from './test-helpers';
import type { MemberGroup } from '@scrm/contracts/member-group';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const member = (userid: string, name: string, departmentNames = ['销售部']): MemberOption => ({ userid, name, avatar: '', departmentNames, isFollowUser: true });
const corp = [member('zhangsan', '张三'), member('lisi', '李四', ['市场部', '华东区']), member('wangwu', '王五')];

function answer(body: MemberFindBody) {
  if (body.userids) return { list: corp.filter((m) => body.userids!.includes(m.userid)) };
  return { list: corp.filter((m) => !body.keyword || m.name.includes(body.keyword)) };
}

/** The server: `/api/qw/member/group/find` answers these groups, `/api/qw/member/find` searches `corp`. */
const serve = (groups: MemberGroup[] = []) =>
  mockedPost.mockImplementation(async (url, body) => (url === '/api/qw/member/group/find' ? { list: groups } : answer(body as MemberFindBody)));
/** The calls to `/api/qw/member/find`, in order. */
const findCalls = () => mockedPost.mock.calls.filter(([url]) => url === '/api/qw/member/find');

afterEach(() => mockedPost.mockReset());

/** A multiple picker holding its value, as a form does. */
function Multiple({ initial = [], onChange }: { initial?: string[]; onChange: (ids: string[], members: MemberOption[]) => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <MemberSelect
      mode="multiple"
      value={value}
      onChange={(ids, members) => {
        setValue(ids);
        onChange(ids, members);
      }}
    />
  );
}

describe('MemberSelect', { timeout: 30_000 }, () => {
  it('shows the names of saved userids, fetched by userids whatever their permission', async () => {
    serve();
    await renderWithProviders(<MemberSelect mode="multiple" value={['lisi', 'zhangsan', 'gone']} />);
    await waitFor(() => expect(screen.getByTestId('member-select').textContent).toContain('李四'));
    await settle(100);
    const text = screen.getByTestId('member-select').textContent;
    expect(text).toContain('张三');
    expect(text).toContain('gone（已离职或不存在）');
    expect(mockedPost).toHaveBeenCalledTimes(1);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/member/find', { userids: ['gone', 'lisi', 'zhangsan'], contactOnly: false });
  });

  it('searches on the server after a pause and reports the chosen userids with their details', async () => {
    serve();
    const onChange = vi.fn();
    await renderWithProviders(<Multiple onChange={onChange} />);
    expect(mockedPost).not.toHaveBeenCalled(); // nothing is fetched until the list opens
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    await settle(400);
    expect(findCalls()).toEqual([['/api/qw/member/find', { contactOnly: true, limit: 50 }]]);
    expect((await screen.findAllByTestId('member-option')).length).toBe(3);
    expect(document.body.textContent).toContain('市场部、华东区');

    fireEvent.change(input, { target: { value: '李' } });
    await settle(400);
    expect(findCalls().at(-1)).toEqual(['/api/qw/member/find', { keyword: '李', contactOnly: true, limit: 50 }]);
    await waitFor(() => expect(screen.getAllByTestId('member-option').length).toBe(1));
    fireEvent.click(screen.getAllByTestId('member-option')[0]!);
    expect(onChange).toHaveBeenLastCalledWith(['lisi'], [corp[1]]);
    await settle();
    expect(screen.getByTestId('member-select').textContent).toContain('李四');
    // The name came from the search: no lookup by userids.
    expect(findCalls().some(([, body]) => (body as MemberFindBody).userids)).toBe(false);
  });

  it('shows the placeholder 「选择成员」 and single mode hands back one userid', async () => {
    serve();
    const onChange = vi.fn();
    await renderWithProviders(<MemberSelect onChange={onChange} />);
    expect(screen.getByTestId('member-select').textContent).toContain('选择成员');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await settle(400);
    fireEvent.click((await screen.findAllByTestId('member-option'))[2]!);
    expect(onChange).toHaveBeenCalledWith('wangwu', corp[2]);
  });
});

describe('MemberSelect 「按分组选择」', { timeout: 30_000 }, () => {
  const groups = [memberGroup(1, '销售组', [['zhangsan', '张三'], ['wangwu', '王五']], ['gone']), memberGroup(2, '空组', [])];

  it('adds a group’s members in the corp to a multiple selection, keeping those chosen', async () => {
    serve(groups);
    const onChange = vi.fn();
    await renderWithProviders(<Multiple initial={['lisi']} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = await screen.findAllByTestId('member-group-option');
    expect(options.map((o) => o.textContent)).toEqual(['销售组2人', '空组0人']);
    expect((options[1] as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('member-group-bar').textContent).toContain('按分组选择');
    fireEvent.click(options[0]!);
    expect(onChange.mock.lastCall![0]).toEqual(['lisi', 'zhangsan', 'wangwu']);
    await waitFor(() => expect(screen.getByTestId('member-select').textContent).toContain('王五'));
  });

  it('hands a group to a single picker’s onPickGroup', async () => {
    serve(groups);
    const onPickGroup = vi.fn();
    await renderWithProviders(<MemberSelect onPickGroup={onPickGroup} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click((await screen.findAllByTestId('member-group-option'))[0]!);
    expect(onPickGroup).toHaveBeenCalledWith([groups[0]!.members[0], groups[0]!.members[1]]);
  });

  it('offers no groups when the work space has none', async () => {
    serve();
    await renderWithProviders(<MemberSelect mode="multiple" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findAllByTestId('member-option');
    await settle(100);
    expect(screen.queryByTestId('member-group-bar')).toBeNull();
  });
});

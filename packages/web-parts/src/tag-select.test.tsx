import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorpTagGroup } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';
import { TagSelect, tagNamesOf, useTagNames } from './tag-select';
import { renderWithProviders, settle } from './test-helpers';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const groups: CorpTagGroup[] = [
  { groupId: 'g2', groupName: '来源', order: 2, tags: [{ id: 't3', name: '抖音', order: 1 }] },
  { groupId: 'g1', groupName: '客户等级', order: 1, tags: [{ id: 't2', name: '重要', order: 2 }, { id: 't1', name: '普通', order: 1 }] },
];

function Names({ ids }: { ids: string[] }) {
  return <span data-testid="names">{useTagNames()(ids).join('、')}</span>;
}

afterEach(() => mockedPost.mockReset());

describe('TagSelect', { timeout: 30_000 }, () => {
  it('names tag ids in order and leaves out deleted ones', () => {
    expect(tagNamesOf(groups, ['t3', 'gone', 't1'])).toEqual(['抖音', '普通']);
    expect(tagNamesOf(undefined, ['t1'])).toEqual([]);
  });

  it('lists tags grouped by tag group, shows saved ones by name and marks deleted ones', async () => {
    mockedPost.mockResolvedValue({ list: groups });
    const onChange = vi.fn();
    await renderWithProviders(
      <>
        <TagSelect value={['t2', 'gone']} onChange={onChange} />
        <Names ids={['t3', 't2']} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('tag-select').textContent).toContain('重要'));
    expect(screen.getByTestId('tag-select').textContent).toContain('已删除的标签');
    expect(screen.getByTestId('names').textContent).toBe('抖音、重要');
    expect(mockedPost).toHaveBeenCalledTimes(1);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/tag/list', {});

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await settle();
    const list = document.querySelector('.rc-virtual-list, .ant-select-dropdown')!.textContent;
    expect(list.indexOf('客户等级')).toBeLessThan(list.indexOf('普通'));
    expect(list.indexOf('普通')).toBeLessThan(list.indexOf('重要'));
    expect(list.indexOf('重要')).toBeLessThan(list.indexOf('来源'));
    fireEvent.click(screen.getByTitle('抖音'));
    expect(onChange).toHaveBeenLastCalledWith(['t2', 'gone', 't3']);
  });

  it('tells the operator to create tags in WeCom and sync when the corp has none', async () => {
    mockedPost.mockResolvedValue({ list: [] });
    await renderWithProviders(<TagSelect />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await settle();
    expect((await screen.findByTestId('tag-select-empty')).textContent).toContain('请先在企业微信管理后台创建客户标签，再到「标签管理」页同步');
  });
});

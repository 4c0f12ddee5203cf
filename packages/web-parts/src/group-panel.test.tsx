import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@scrm/web-kit';
import { GroupPanel, type GroupFilter, type PanelGroup } from './group-panel';
import { renderWithProviders, settle } from './test-helpers';

const texts = { all: '全部素材', namePlaceholder: '最多 30 个字', deleteHint: '分组内的素材不会删除，将移至「未分组」。', empty: '新建分组来整理素材' };

function Harness(props: { groups: PanelGroup[]; requests: Parameters<typeof GroupPanel>[0]['requests']; onChanged?: () => void; start?: GroupFilter; readOnly?: boolean }) {
  const [value, setValue] = useState<GroupFilter>(props.start);
  return (
    <>
      <span data-testid="value">{String(value)}</span>
      <GroupPanel
        data={{ list: props.groups, ungrouped: 3 }}
        loading={false}
        error={false}
        onRetry={() => undefined}
        value={value}
        onChange={setValue}
        onChanged={props.onChanged ?? (() => undefined)}
        requests={props.requests}
        texts={texts}
        readOnly={props.readOnly}
      />
    </>
  );
}

const requests = () => ({ add: vi.fn(), rename: vi.fn(), remove: vi.fn() });
const okButton = () => screen.getAllByRole('button').filter((b) => b.classList.contains('ant-btn-primary')).at(-1)!;

describe('GroupPanel', { timeout: 30_000 }, () => {
  it('counts everything and what is in no group, and filters by a group on click', async () => {
    await renderWithProviders(<Harness groups={[{ id: 7, name: '门店', count: 2 }]} requests={requests()} />);
    expect(screen.getByTestId('group-all').textContent).toContain('全部素材');
    expect(screen.getByTestId('group-all-count').textContent).toBe('5');
    expect(screen.getByTestId('group-none-count').textContent).toBe('3');
    fireEvent.click(screen.getByText('门店'));
    expect(screen.getByTestId('value').textContent).toBe('7');
    fireEvent.click(screen.getByTestId('group-none'));
    expect(screen.getByTestId('value').textContent).toBe('0');
  });

  it('read-only: filters by a group but offers no add, rename or delete', async () => {
    await renderWithProviders(<Harness groups={[{ id: 7, name: '门店', count: 2 }]} requests={requests()} readOnly />);
    expect(screen.queryByTestId('group-add')).toBeNull();
    expect(screen.queryByTestId('group-more')).toBeNull();
    fireEvent.click(screen.getByText('门店'));
    expect(screen.getByTestId('value').textContent).toBe('7');
  });

  it('says so when there is no group, and offers a retry when the groups failed to load', async () => {
    const onRetry = vi.fn();
    const { unmount } = await renderWithProviders(
      <GroupPanel data={{ list: [], ungrouped: 0 }} loading={false} error={false} onRetry={onRetry} value={undefined} onChange={() => undefined} onChanged={() => undefined} requests={requests()} texts={texts} />,
    );
    expect(screen.getByText('新建分组来整理素材')).toBeTruthy();
    unmount();
    await renderWithProviders(
      <GroupPanel data={undefined} loading={false} error onRetry={onRetry} value={undefined} onChange={() => undefined} onChanged={() => undefined} requests={requests()} texts={texts} />,
    );
    expect(screen.getByText('分组加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('adds a group with a trimmed name and opens it; a refused name keeps the dialog', async () => {
    const r = requests();
    const onChanged = vi.fn();
    r.add.mockRejectedValueOnce(new ApiRequestError(400, 400, '分组名称已存在')).mockResolvedValueOnce({ id: 9, name: '抖音', count: 0 });
    await renderWithProviders(<Harness groups={[]} requests={r} onChanged={onChanged} />);
    fireEvent.click(screen.getByTestId('group-add'));
    const input = await screen.findByTestId('group-name-input');
    fireEvent.change(input, { target: { value: '   ' } });
    await act(async () => fireEvent.click(okButton()));
    expect(await screen.findByText('请输入分组名称')).toBeTruthy();
    expect(r.add).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: ' 抖音 ' } });
    await act(async () => fireEvent.click(okButton()));
    await settle();
    expect(r.add).toHaveBeenCalledWith('抖音');
    expect(screen.getByTestId('group-name-input')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(okButton()));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('9'));
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('group-name-input')).toBeNull());
  });

  it('renames a group and deletes the open one after a confirm, going back to 全部', async () => {
    const r = requests();
    const onChanged = vi.fn();
    r.rename.mockResolvedValue({ id: 7, name: '线下门店', count: 2 });
    r.remove.mockResolvedValue(null);
    await renderWithProviders(<Harness groups={[{ id: 7, name: '门店', count: 2 }]} requests={r} onChanged={onChanged} start={7} />);

    fireEvent.click(screen.getByTestId('group-more'));
    fireEvent.click(await screen.findByText('重命名'));
    const input = await screen.findByTestId('group-name-input');
    expect((input as HTMLInputElement).value).toBe('门店');
    fireEvent.change(input, { target: { value: '线下门店' } });
    await act(async () => fireEvent.click(okButton()));
    await waitFor(() => expect(r.rename).toHaveBeenCalledWith(7, '线下门店'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('value').textContent).toBe('7');

    fireEvent.click(screen.getByTestId('group-more'));
    fireEvent.click(await screen.findByText('删除分组'));
    expect((await screen.findAllByText('删除分组「门店」？')).length).toBeGreaterThan(0);
    expect(screen.getByText('分组内的素材不会删除，将移至「未分组」。')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除' })));
    await waitFor(() => expect(r.remove).toHaveBeenCalledWith(7));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('undefined'));
    expect(onChanged).toHaveBeenCalledTimes(2);
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './use-url-filters';
import { renderWithProviders } from '../test/render';

const FIELDS = { keyword: 'text', group: 'id' } as const;

/** A list's filters with buttons that change them as a page would. */
function Filters() {
  const [filters, set] = useUrlFilters(FIELDS, 20);
  return (
    <div>
      <span data-testid="filters">{JSON.stringify(filters)}</span>
      <button onClick={() => set({ page: 3 })}>第3页</button>
      <button onClick={() => set({ keyword: '老客户' })}>搜索</button>
      {/* Two changes in one handler, before the router renders again (e.g. a picker that also clears the word). */}
      <button
        onClick={() => {
          set({ group: 0 });
          set({ keyword: '', pageSize: 50 });
        }}
      >
        未分组
      </button>
    </div>
  );
}

const shown = () => JSON.parse(screen.getByTestId('filters').textContent!);

describe('useUrlFilters', () => {
  it('reads the filters from the URL and writes each change back, page 1 unless a page is named', async () => {
    await renderWithProviders(<Filters />, { path: '/list?keyword=a&page=2', where: true });
    expect(shown()).toEqual({ keyword: 'a', group: undefined, page: 2, pageSize: 20 });
    await act(async () => fireEvent.click(screen.getByText('第3页')));
    expect(screen.getByTestId('where').textContent).toBe('/list?keyword=a&page=3');
    await act(async () => fireEvent.click(screen.getByText('搜索')));
    expect(shown()).toEqual({ keyword: '老客户', group: undefined, page: 1, pageSize: 20 });
  });

  it('keeps both of two changes made before the next render', async () => {
    await renderWithProviders(<Filters />, { path: '/list?keyword=a&page=2', where: true });
    await act(async () => fireEvent.click(screen.getByText('未分组')));
    expect(shown()).toEqual({ keyword: '', group: 0, page: 1, pageSize: 50 });
    expect(screen.getByTestId('where').textContent).toBe('/list?group=0&pageSize=50');
  });
});

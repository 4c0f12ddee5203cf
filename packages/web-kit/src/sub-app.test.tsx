// lazyPart: a dialog or rare screen loaded when first rendered, with nothing shown meanwhile.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './sub-app';

describe('lazyPart', () => {
  it('loads its module only when first rendered, keeps the page around it meanwhile and passes the props', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = vi.fn(async () => {
      await arrived;
      return { default: ({ name }: { name: string }) => <p>移动到「{name}」</p> };
    });
    const Dialog = lazyPart(load);
    const { rerender } = render(<div>渠道活码</div>);
    expect(load).not.toHaveBeenCalled();
    rerender(
      <div>
        渠道活码
        <Dialog name="线下门店" />
      </div>,
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('渠道活码')).toBeTruthy();
    expect(screen.queryByText(/移动到/)).toBeNull();
    arrive();
    expect(await screen.findByText('移动到「线下门店」')).toBeTruthy();
  });
});

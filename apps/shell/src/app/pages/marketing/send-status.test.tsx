import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEND_STATUS_LABEL, type SendStatus } from '@scrm/contracts/marketing';
import { renderWithProviders } from '@scrm/web-parts/test';
import { SendStatusTag } from './send-status';

describe('the state of a push or a moment', { timeout: 30_000 }, () => {
  it('names each state in Chinese, each in its own colour', async () => {
    const states = Object.keys(SEND_STATUS_LABEL) as SendStatus[];
    await renderWithProviders(
      <div>
        {states.map((s) => (
          <SendStatusTag key={s} status={s} testId="state" />
        ))}
      </div>,
    );
    const tags = screen.getAllByTestId('state');
    expect(tags.map((t) => t.textContent)).toEqual(['待发送', '发送中', '已完成', '已取消', '失败']);
    // 待发送 gold, 发送中 blue (processing), 已完成 green, 已取消 grey, 失败 red
    const colour = (i: number) => tags[i]!.className;
    expect(colour(0)).toMatch(/ant-tag-gold/);
    expect(colour(1)).toMatch(/ant-tag-processing/);
    expect(colour(2)).toMatch(/ant-tag-success/);
    expect(colour(3)).not.toMatch(/ant-tag-(gold|processing|success|error)/);
    expect(colour(4)).toMatch(/ant-tag-error/);
  });

  it("shows WeCom's reason when a failed one is pointed at", async () => {
    await renderWithProviders(<SendStatusTag status="failed" error="成员不在应用可见范围" testId="state" />);
    fireEvent.mouseEnter(screen.getByTestId('state'));
    expect(await screen.findByText('失败原因：成员不在应用可见范围')).toBeTruthy();
  });
});

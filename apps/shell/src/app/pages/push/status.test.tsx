import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PUSH_STATUS_LABEL, type PushStatus } from '@scrm/contracts/push';
import { renderWithProviders } from '@scrm/web-parts/test';
import { CountsCell, PushStatusTag } from './status';
import { row } from './fixtures';

describe('push status renderer', { timeout: 30_000 }, () => {
  it('names each state in Chinese, each in its own colour', async () => {
    const states = Object.keys(PUSH_STATUS_LABEL) as PushStatus[];
    await renderWithProviders(
      <div>
        {states.map((s) => (
          <PushStatusTag key={s} status={s} />
        ))}
      </div>,
    );
    const tags = screen.getAllByTestId('push-status');
    expect(tags.map((t) => t.textContent)).toEqual(['待发送', '发送中', '已完成', '已取消', '失败']);
    // 待发送 gold, 发送中 blue (processing), 已完成 green, 已取消 grey, 失败 red
    const colour = (i: number) => tags[i]!.className;
    expect(colour(0)).toMatch(/ant-tag-gold/);
    expect(colour(1)).toMatch(/ant-tag-processing/);
    expect(colour(2)).toMatch(/ant-tag-success/);
    expect(colour(3)).not.toMatch(/ant-tag-(gold|processing|success|error)/);
    expect(colour(4)).toMatch(/ant-tag-error/);
  });

  it('shows the planned, delivered, undelivered and failed figures', async () => {
    await renderWithProviders(<CountsCell counts={row()} />);
    const text = screen.getByTestId('push-counts').textContent;
    expect(text).toContain('预计120');
    expect(text).toContain('已送达40');
    expect(text).toContain('未送达78');
    expect(text).toContain('失败2');
  });
});

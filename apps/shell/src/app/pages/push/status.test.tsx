import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@scrm/web-parts/test';
import { CountsCell } from './status';
import { row } from './fixtures';

describe('push figures', { timeout: 30_000 }, () => {
  it('shows the planned, delivered, undelivered and failed figures', async () => {
    await renderWithProviders(<CountsCell counts={row()} />);
    const text = screen.getByTestId('push-counts').textContent;
    expect(text).toContain('预计120');
    expect(text).toContain('已送达40');
    expect(text).toContain('未送达78');
    expect(text).toContain('失败2');
  });
});

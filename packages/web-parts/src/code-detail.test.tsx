// A code's detail parts: tags, the welcome message in short, and edit/delete while WeCom makes the code.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CodeEditDelete, TagNames, WelcomeSummary } from './code-detail';
import { renderWithProviders } from './test-helpers';

describe('code detail parts', { timeout: 30_000 }, () => {
  it('shows the tags, or what stands for none', async () => {
    const { rerender, container } = await renderWithProviders(<TagNames names={['新客', 'VIP']} none="未设置" />);
    expect([...container.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['新客', 'VIP']);
    rerender(<TagNames names={[]} none="未设置" />);
    expect(container.textContent).toBe('未设置');
  });

  it('shows the welcome text with its placeholders and the attachment count, or none', async () => {
    const { rerender, container } = await renderWithProviders(<WelcomeSummary welcome={{ text: '#客户昵称#您好', materialIds: [3, 4] }} rows={3} none="未设置欢迎语" />);
    expect(container.textContent).toContain('您好');
    expect(container.textContent).toContain('2 个附件');
    expect(container.textContent).not.toContain('#客户昵称#');
    rerender(<WelcomeSummary welcome={{ text: '  ', materialIds: [] }} rows={3} none="未设置欢迎语" />);
    expect(container.textContent).toBe('未设置欢迎语');
  });

  it('edits and deletes; delete is off while the code is being made', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { rerender } = await renderWithProviders(<CodeEditDelete creating={false} creatingHint="生成中" onEdit={onEdit} onDelete={onDelete} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /删\s*除/ })));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
    rerender(<CodeEditDelete creating creatingHint="生成中" onEdit={onEdit} onDelete={onDelete} />);
    expect((screen.getByRole('button', { name: /删\s*除/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

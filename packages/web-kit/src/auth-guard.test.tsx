import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthGuard, NO_AUTH_TEXT, isAuthorized, useCan } from './auth-guard';
import { store } from './store';

afterEach(() => store.set('auth', {}));

describe('AuthGuard (spec §6)', () => {
  it('requires an array of keys', () => {
    expect(() => isAuthorized('channel-qrcode' as unknown as string[], {})).toThrow(/must be an array/);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<AuthGuard auth={'x' as unknown as string[]}>page</AuthGuard>)).toThrow(/must be an array/);
  });

  it('shows the page when at least one key is granted', () => {
    store.set('auth', { a: false, b: true });
    render(<AuthGuard auth={['a', 'b']}>page</AuthGuard>);
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('shows "No Auth" when none is granted', () => {
    store.set('auth', { a: false });
    render(<AuthGuard auth={['a', 'missing']}>page</AuthGuard>);
    expect(screen.getByText(NO_AUTH_TEXT)).toBeTruthy();
    expect(NO_AUTH_TEXT).toBe('No Auth');
    expect(screen.queryByText('page')).toBeNull();
  });

  it('follows the store', async () => {
    render(<AuthGuard auth={['a']}>page</AuthGuard>);
    expect(screen.getByText('No Auth')).toBeTruthy();
    const { act } = await import('@testing-library/react');
    act(() => store.set('auth', { a: true }));
    expect(screen.getByText('page')).toBeTruthy();
  });
});

describe('useCan', () => {
  it('allows a key the flags do not name (main accounts, tests without flags)', () => {
    expect(renderHook(() => useCan('tag.manage')).result.current).toBe(true);
  });

  it('follows the flag', async () => {
    store.set('auth', { tag: true, 'tag.manage': false });
    const { result } = renderHook(() => useCan('tag.manage'));
    expect(result.current).toBe(false);
    const { act } = await import('@testing-library/react');
    act(() => store.set('auth', { tag: true, 'tag.manage': true }));
    expect(result.current).toBe(true);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_INFO, store, useStore } from './store';

afterEach(() => {
  store.set('userInfo', DEFAULT_USER_INFO);
  store.set('workId', 0);
});

describe('shared store (spec §3)', () => {
  it('starts with the default user', () => {
    expect(store.get('userInfo')).toEqual({ id: 0, account: '', nickname: '', phone: '', isBindGzh: true, isChild: false, permissionOpenKeys: [] });
  });

  it('gets, sets and notifies subscribers of that key', () => {
    const onWork = vi.fn();
    const onAuth = vi.fn();
    const off = store.subscribe('workId', onWork);
    store.subscribe('auth', onAuth)();
    store.set('workId', 5);
    expect(store.get('workId')).toBe(5);
    expect(onWork).toHaveBeenCalledWith(5);
    expect(onAuth).not.toHaveBeenCalled();
    off();
    store.set('workId', 6);
    expect(onWork).toHaveBeenCalledTimes(1);
  });

  it('merges partial user fields', () => {
    store.mergeUserInfo({ nickname: '张三', isChild: true });
    expect(store.get('userInfo')).toMatchObject({ nickname: '张三', isChild: true, isBindGzh: true });
  });

  it('publishes onWorkListRefresh', () => {
    const fn = vi.fn();
    const off = store.on('onWorkListRefresh', fn);
    store.emit('onWorkListRefresh');
    off();
    store.emit('onWorkListRefresh');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('re-renders components reading a key', () => {
    const Show = () => <span>{useStore('workId')}</span>;
    render(<Show />);
    act(() => store.set('workId', 9));
    expect(screen.getByText('9')).toBeTruthy();
  });
});

// The shared store of spec §3 (keys workId, userInfo, auth; event onWorkListRefresh).
// web-kit is a Module Federation singleton, so the shell and every sub-app see this one instance.
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '@scrm/contracts/account';
import { createEmitter } from './events';
import { getWorkId } from './storage';

export interface UserInfo extends CurrentUser {
  /** Keys whose permission entry is open (spec §3 "permissionOpenKeys"). */
  permissionOpenKeys: string[];
}

export const DEFAULT_USER_INFO: UserInfo = {
  id: 0,
  account: '',
  nickname: '',
  phone: '',
  isBindGzh: true,
  isChild: false,
  permissionOpenKeys: [],
};

export interface SharedState {
  /** The chosen work space id; 0 when none. */
  workId: number;
  userInfo: UserInfo;
  /** Authorization flags by permission key (true = granted). */
  auth: Record<string, boolean>;
}

type Key = keyof SharedState;
type Subscriber<K extends Key> = (value: SharedState[K]) => void;

const state: SharedState = {
  workId: typeof window === 'undefined' ? 0 : getWorkId(),
  userInfo: DEFAULT_USER_INFO,
  auth: {},
};
const subscribers = new Map<Key, Set<Subscriber<never>>>();
const events = createEmitter<{ onWorkListRefresh: void }>();

export const store = {
  get<K extends Key>(key: K): SharedState[K] {
    return state[key];
  },
  set<K extends Key>(key: K, value: SharedState[K]): void {
    if (Object.is(state[key], value)) return;
    state[key] = value;
    for (const fn of [...(subscribers.get(key) ?? [])]) (fn as Subscriber<K>)(value);
  },
  subscribe<K extends Key>(key: K, fn: Subscriber<K>): () => void {
    let set = subscribers.get(key);
    if (!set) subscribers.set(key, (set = new Set()));
    set.add(fn as Subscriber<never>);
    return () => void set.delete(fn as Subscriber<never>);
  },
  /** Merges partial fields into userInfo (spec §3). */
  mergeUserInfo(partial: Partial<UserInfo>): void {
    store.set('userInfo', { ...state.userInfo, ...partial });
  },
  on: (name: 'onWorkListRefresh', fn: () => void) => events.on(name, fn),
  emit: (name: 'onWorkListRefresh') => events.emit(name, undefined),
};

/** Reads a store key in a component and re-renders when it changes. */
export function useStore<K extends Key>(key: K): SharedState[K] {
  return useSyncExternalStore(
    (onChange) => store.subscribe(key, onChange),
    () => store.get(key),
    () => store.get(key),
  );
}

// The current hash route path, outside the router (the guest path has none).
import { useSyncExternalStore } from 'react';
import { currentPath } from './paths';

const subscribe = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

export const useHashPath = () => useSyncExternalStore(subscribe, () => currentPath());

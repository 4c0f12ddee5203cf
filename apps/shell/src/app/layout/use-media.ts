import { useSyncExternalStore } from 'react';
import { BREAKPOINT_DESKTOP, BREAKPOINT_TABLET } from '@scrm/contracts/constants';

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Desktop (≥1150): docked 220 px menu. Below: a full-width menu toggled from the top bar. */
export const useIsDesktop = () => useMedia(`(min-width: ${BREAKPOINT_DESKTOP}px)`);
/** Below 650 the top bar keeps only what fits a phone. */
export const useIsPhone = () => !useMedia(`(min-width: ${BREAKPOINT_TABLET}px)`);

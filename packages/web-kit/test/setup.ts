// Shared set-up of the web unit tests (jsdom).
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { toast } from '../src/toast';

// jsdom has no matchMedia; antd and the layout ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver; antd's Table, Tree and Typography and the charts observe sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// jsdom does not scroll; pages scroll to the top on route change.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // A toast outlives the test's DOM (its timer closes it later): a toast of the same key in the next test
  // would update the detached one, out of sight.
  toast.destroy();
  window.localStorage.clear();
  document.body.innerHTML = '';
});

// React's scheduler runs queued work in a later macrotask (setImmediate). Work queued by a file's last test
// (an update of a component being unmounted) once ran after the file's jsdom was torn down: 「window is
// not defined」 from react-dom, an unhandled error that fails the run though every test passed. The last
// turns of the loop run while the window still exists. A React root that `cleanup()` does not know never
// unmounts: antd's static `message` kept one, whose 3 s close timer re-rendered it after the file ended —
// the web apps toast through web-kit's `toast` (plain DOM) instead.
afterAll(async () => {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
});

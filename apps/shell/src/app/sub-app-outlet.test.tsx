import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUB_APPS } from '@scrm/contracts/sub-apps';
import { lazyPage, store, type SubAppModule } from '@scrm/web-kit';
import { ERROR_TEXT } from './error-boundary';
import { LOAD_FAILED_TEXT, SubAppOutlet, type LoadSubApp } from './sub-app-outlet';
import { assertFetch, getMountNode, matchSubAppRoute, remoteEntryUrl } from './sub-app-runtime';

const channel = SUB_APPS.find((app) => app.prefix === '/channel-qrcode')!;

// React suspends on the load; act lets its resolution render.
async function renderAt(path: string, load: LoadSubApp, timeoutMs?: number) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <SubAppOutlet load={load} timeoutMs={timeoutMs} />
      </MemoryRouter>,
    );
  });
}

const module = (routes: SubAppModule['routes']): LoadSubApp => vi.fn(async () => ({ routes }));

afterEach(() => store.set('auth', {}));

describe('sub-app runtime checks', () => {
  it('raises an error when the mount node is missing', () => {
    expect(() => getMountNode(document)).toThrow(/ice-container not found/);
    const node = document.createElement('div');
    node.id = 'ice-container';
    document.body.appendChild(node);
    expect(getMountNode(document)).toBe(node);
  });

  it('raises an error when fetch is missing', () => {
    expect(() => assertFetch({} as Window)).toThrow(/不支持 fetch.*fetch is not supported/);
    expect(() => assertFetch({ fetch: () => undefined } as unknown as Window)).not.toThrow();
  });

  it('finds built entries under /apps/<prefix>/', () => {
    expect(remoteEntryUrl(channel)).toBe('/apps/channel-qrcode/remoteEntry.js');
  });

  it('matches full paths, patterns and trailing slashes', () => {
    const A = () => null;
    const routes = [
      { path: '/tag/list', Component: A },
      { path: '/tag/auto/:id', Component: A },
    ];
    expect(matchSubAppRoute(routes, '/tag/list/')).toBe(routes[0]);
    expect(matchSubAppRoute(routes, '/tag/auto/3')).toBe(routes[1]);
    expect(matchSubAppRoute(routes, '/tag/other')).toBeUndefined();
  });
});

describe('SubAppOutlet', () => {
  it('shows "not found" for an unknown prefix without loading anything', async () => {
    const load = module([]);
    await renderAt('/unknown/list', load);
    expect(await screen.findByText('not found')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('renders the matching page inside #ice-container', async () => {
    const load = module([{ path: '/channel-qrcode/list', Component: () => <p>渠道活码页面</p> }]);
    await renderAt('/channel-qrcode/list', load);
    const page = await screen.findByText('渠道活码页面');
    expect(page.closest('#ice-container')).not.toBeNull();
    expect(load).toHaveBeenCalledWith(channel);
  });

  it('shows "loading" while the sub-app loads', async () => {
    await renderAt('/channel-qrcode/list', () => new Promise(() => undefined));
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('shows "not found" for an unknown page inside a sub-app', async () => {
    await renderAt('/channel-qrcode/nope', module([{ path: '/channel-qrcode/list', Component: () => <p>x</p> }]));
    expect(await screen.findByText('not found')).toBeTruthy();
  });

  it('guards pages that declare auth keys', async () => {
    await renderAt('/channel-qrcode/list', module([{ path: '/channel-qrcode/list', Component: () => <p>secret</p>, auth: ['channel-qrcode'] }]));
    expect(await screen.findByText('No Auth')).toBeTruthy();
  });

  it('reports a browser without fetch in the load error', async () => {
    const load: LoadSubApp = async () => {
      assertFetch({} as Window);
      return { routes: [] };
    };
    await renderAt('/channel-qrcode/list', load);
    expect(await screen.findByText(LOAD_FAILED_TEXT.title)).toBeTruthy();
    expect(screen.getByText(/fetch is not supported/)).toBeTruthy();
  });

  it('loads a page’s chunk before showing it, never suspending on it (React would hold the fallback 300 ms)', async () => {
    const load = vi.fn(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => setTimeout(() => resolve({ default: () => <p>渠道活码页面</p> }), 200)));
    const Page = lazyPage(load);
    await renderAt('/channel-qrcode/list', module([{ path: '/channel-qrcode/list', Component: Page }]));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(Page.loaded()).toBe(false);
    const page = await screen.findByText('渠道活码页面');
    expect(page.closest('#ice-container')).not.toBeNull();
    expect(Page.loaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a page chunk that failed to load, and a retry that asks for it again', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: http://x/apps/channel-qrcode/assets/list.js');
      return { default: () => <p>渠道活码页面</p> };
    });
    await renderAt('/channel-qrcode/list', module([{ path: '/channel-qrcode/list', Component: lazyPage(load) }]));
    expect(await screen.findByText(`「渠道活码」${LOAD_FAILED_TEXT.fetchFailed}`)).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByTestId('sub-app-retry')));
    expect(await screen.findByText('渠道活码页面')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows why a remote failed, and a retry that loads it afresh', async () => {
    let fail = true;
    const load = vi.fn<LoadSubApp>(async () => {
      // What Chromium rejects with when the remote entry is a 404 or is answered with HTML.
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: http://x/apps/channel-qrcode/remoteEntry.js');
      return { routes: [{ path: '/channel-qrcode/list', Component: () => <p>渠道活码页面</p> }] };
    });
    await renderAt('/channel-qrcode/list', load);
    expect(await screen.findByText(LOAD_FAILED_TEXT.title)).toBeTruthy();
    expect(screen.getByText(`「渠道活码」${LOAD_FAILED_TEXT.fetchFailed}`)).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith(channel);

    fail = false;
    await act(async () => fireEvent.click(screen.getByTestId('sub-app-retry')));
    expect(await screen.findByText('渠道活码页面')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(channel, { fresh: true });
  });

  it('stops waiting for a remote that does not answer', async () => {
    const load = vi.fn<LoadSubApp>(() => new Promise(() => undefined));
    await renderAt('/channel-qrcode/list', load, 50);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText(LOAD_FAILED_TEXT.title)).toBeTruthy();
    expect(screen.getByText(`「渠道活码」${LOAD_FAILED_TEXT.timeout(0)}`)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('sub-app-retry')));
    expect(load).toHaveBeenLastCalledWith(channel, { fresh: true });
  });

  it('shows the generic error screen when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    await renderAt('/channel-qrcode/list', module([{ path: '/channel-qrcode/list', Component: Broken }]));
    expect(await screen.findByText(ERROR_TEXT)).toBeTruthy();
  });
});

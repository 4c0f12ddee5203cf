import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUB_APPS } from '@scrm/contracts/sub-apps';
import { store, type SubAppModule } from '@scrm/web-kit';
import { ERROR_TEXT } from './error-boundary';
import { SubAppOutlet, type LoadSubApp } from './sub-app-outlet';
import { assertFetch, getMountNode, matchSubAppRoute, remoteEntryUrl } from './sub-app-runtime';

const channel = SUB_APPS.find((app) => app.prefix === '/channel-qrcode')!;

// React suspends on the load; act lets its resolution render.
async function renderAt(path: string, load: LoadSubApp) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <SubAppOutlet load={load} />
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

  it('finds remote entries on the dev server or under /apps/<prefix>/', () => {
    expect(remoteEntryUrl(channel, true)).toBe('http://localhost:7002/remoteEntry.js');
    expect(remoteEntryUrl(channel, false)).toBe('/apps/channel-qrcode/remoteEntry.js');
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
    expect(screen.getByText('not found')).toBeTruthy();
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

  it('shows the generic error screen when loading fails (e.g. no fetch)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load: LoadSubApp = async () => {
      assertFetch({} as Window);
      return { routes: [] };
    };
    await renderAt('/channel-qrcode/list', load);
    expect(await screen.findByText(ERROR_TEXT)).toBeTruthy();
    expect(ERROR_TEXT).toBe('Oops! Something went wrong.');
    expect(screen.getByText(/fetch is not supported/)).toBeTruthy();
  });

  it('shows the generic error screen when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    await renderAt('/channel-qrcode/list', module([{ path: '/channel-qrcode/list', Component: Broken }]));
    expect(await screen.findByText('Oops! Something went wrong.')).toBeTruthy();
  });
});

// Serving the built web apps: the shell with its injected config, sub-apps, caching, fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness.js';

let h: Harness;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'scrm-web-'));
  const put = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  put('apps/shell/dist/index.html', '<!doctype html><html><head><title>企微SCRM</title></head><body><div id="root"></div></body></html>');
  put('apps/shell/dist/assets/index-Ab12Cd34.js', 'console.log("shell")');
  put('apps/shell/dist/favicon.ico', 'ico');
  writeFileSync(join(root, 'apps/shell/dist/assets/index-Ab12Cd34.js.gz'), gzipSync('console.log("shell")'));
  put('apps/channel-qrcode/dist/remoteEntry.js', 'export const x = 1');
  put('apps/channel-qrcode/dist/assets/page-Zz99Yy88.js', 'export default 1');
  h = await startHarness({
    WEB_DIST_ROOT: root,
    SISTER_APPS: JSON.stringify([{ name: '广告投放</script>', icon: 'FundOutlined', url: 'https://example.com/ads' }]),
  });
});
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(h.baseUrl + path);

describe('web', () => {
  it('serves the shell index with the public config, uncached', async () => {
    for (const path of ['/', '/index.html', '/channel-qrcode/list', '/some/deep/path?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const m = /<script>window\.__SCRM__=(.*?)<\/script><\/head>/.exec(html);
      expect(m, path).not.toBeNull();
      expect(JSON.parse(m![1]!)).toEqual({
        sisterApps: [{ name: '广告投放</script>', icon: 'FundOutlined', url: 'https://example.com/ads' }],
        simulator: true,
        simulatorUrl: h.simUrl,
      });
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('caches hashed assets long and other files not at all', async () => {
    const hashed = await get('/assets/index-Ab12Cd34.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-encoding')).toBe('gzip');
    expect(await hashed.text()).toBe('console.log("shell")');
    const plain = await get('/favicon.ico');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves each built sub-app under /apps/<prefix>/', async () => {
    const entry = await get('/apps/channel-qrcode/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(await entry.text()).toBe('export const x = 1');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/apps/channel-qrcode/assets/page-Zz99Yy88.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Not built: nothing there, so the shell answers.
    expect((await get('/apps/tag/remoteEntry.js')).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('keeps /api answers JSON', async () => {
    const res = await get('/api/unknown');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: '接口不存在' });
    expect((await get('/api/health')).status).toBe(200);
    const post = await fetch(`${h.baseUrl}/not-api`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ code: 404, message: '页面不存在' });
  });
});

// Serving the built web apps: the shell with its injected config, sub-apps, caching, fallback,
// missing files and the security headers of the pages.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/harness.js';

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
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a missing file under /apps/ or /assets/ with 404, never with the page', async () => {
    // /apps/tag was not built; the others are missing files of built apps.
    for (const path of ['/apps/tag/remoteEntry.js', '/apps/channel-qrcode/assets/gone-Ab12Cd34.js', '/assets/gone-Ab12Cd34.js', '/apps/nothing']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ code: 404, message: '文件不存在' });
    }
    // Hash routes aside, a deep link to a page still gets the shell.
    expect((await get('/data/customer')).status).toBe(200);
  });

  it('sends the pages with a CSP that allows only their own scripts and no framing', async () => {
    const res = await get('/');
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    // The one inline script (the public config) is allowed by its hash, nothing else inline.
    const inline = /<script>(.*?)<\/script>/.exec(html)![1]!;
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(directives.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    // antd injects <style> tags; QR codes come from WeCom (https) or, here, the simulator.
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('img-src')).toContain(new URL(h.simUrl).origin);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // The fallback for deep links carries the same headers.
    expect((await get('/channel-qrcode/list')).headers.get('content-security-policy')).toBe(csp);
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

// The registry the sub-apps' builds read: a module is fetched once, on the first ask, and a failed fetch
// is tried again on the next.
import { describe, expect, it } from 'vitest';
import { createSharedModules } from './shared-modules';

describe('createSharedModules', () => {
  it('hands out what the shell loaded at once, and fetches the others once, when first asked', async () => {
    const react = { name: 'react' };
    const table = { default: 'Table' };
    let fetches = 0;
    const shared = createSharedModules({ react }, { 'antd/es/table': () => (fetches++, Promise.resolve(table)) });
    expect(shared.get('react')).toBe(react);
    expect(() => shared.get('antd/es/table')).toThrow('antd/es/table');
    await Promise.all([shared.load(['react', 'antd/es/table']), shared.load(['antd/es/table'])]);
    await shared.load(['antd/es/table']);
    expect(shared.get('antd/es/table')).toBe(table);
    expect(fetches).toBe(1);
  });

  it('fetches again after a failure, and names a module it does not have in Chinese', async () => {
    let fail = true;
    const shared = createSharedModules({}, { 'antd/es/tag': () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ default: 'Tag' })) });
    await expect(shared.load(['antd/es/tag'])).rejects.toThrow('Failed to fetch');
    fail = false;
    await shared.load(['antd/es/tag']);
    expect(shared.get('antd/es/tag')).toEqual({ default: 'Tag' });
    await expect(shared.load(['antd/es/nothing'])).rejects.toThrow('共享模块 antd/es/nothing 不在主应用中');
  });
});

import { describe, expect, it } from 'vitest';
import { currentPath, isLoginModalExempt, isNoLayoutPath } from './paths';

describe('shell paths', () => {
  it('reads the route from the hash', () => {
    expect(currentPath({ hash: '' })).toBe('/');
    expect(currentPath({ hash: '#/qw/list?method=create' })).toBe('/qw/list');
  });

  it('knows the pages without layout and those that keep the login modal closed on 401', () => {
    expect(isNoLayoutPath('/auth/third/part')).toBe(true);
    expect(isNoLayoutPath('/qw/thirdapp/callback')).toBe(true);
    expect(isNoLayoutPath('/qw/list')).toBe(false);
    expect(['/channel-qrcode/detail', '/staff-qrcode/detail', '/customer-qrcode/detail'].every(isLoginModalExempt)).toBe(true);
    expect(isLoginModalExempt('/channel-qrcode/list')).toBe(false);
  });
});

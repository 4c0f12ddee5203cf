import { describe, expect, it } from 'vitest';
import { readDebugParams, withoutDebugParams } from './debug-login';

const loc = (search: string, hash: string) => ({ origin: 'http://host', pathname: '/', search, hash });

describe('debug login URL handling', () => {
  it('reads debug_code and debug_id from the search or the hash query', () => {
    expect(readDebugParams(loc('?debug_code=abc&debug_id=7', ''))).toEqual({ id: 7, code: 'abc' });
    expect(readDebugParams(loc('', '#/customer/list?debug_id=8&debug_code=x'))).toEqual({ id: 8, code: 'x' });
    expect(readDebugParams(loc('?debug_code=abc', '#/'))).toBeNull();
  });

  it('removes only those two parameters', () => {
    expect(withoutDebugParams(loc('?a=1&debug_code=abc&debug_id=7', '#/x?b=2'))).toBe('http://host/?a=1#/x?b=2');
    expect(withoutDebugParams(loc('', '#/x?debug_id=8&debug_code=x'))).toBe('http://host/#/x');
    expect(withoutDebugParams(loc('?debug_code=abc&debug_id=7', ''), '/channel-qrcode/list')).toBe('http://host/#/channel-qrcode/list');
  });
});

import { describe, expect, it } from 'vitest';
import { Msg } from '@scrm/contracts/account';
import { validateBindPhone, validateCodeLogin, validatePasswordLogin, validateRegister, validateSmsPhone } from './validate';

describe('login validation (spec §5)', () => {
  it('password login needs an account and a password', () => {
    expect(validatePasswordLogin({ account: '', password: '' })).toEqual({ account: '账号不能为空', password: '密码不能为空' });
    expect(validatePasswordLogin({ account: '  ', password: 'x' })).toEqual({ account: Msg.accountEmpty });
    expect(validatePasswordLogin({ account: 'zhangsan', password: 'x' })).toEqual({});
  });

  it('code login needs a phone and a code', () => {
    expect(validateCodeLogin({ phone: '', code: '' })).toEqual({ phone: '手机号不能为空', code: '验证码不能为空' });
    expect(validateCodeLogin({ phone: '138', code: '1234' })).toEqual({});
  });

  it('register needs an 11-character phone, a code and a password', () => {
    expect(validateRegister({ phone: '', code: '', password: '' })).toEqual({ phone: '手机号不能为空', code: '验证码不能为空', password: '密码不能为空' });
    expect(validateRegister({ phone: '1380000000', code: '1', password: 'p' })).toEqual({ phone: '手机号格式错误' });
    expect(validateRegister({ phone: '13800000000', code: '1', password: 'p' })).toEqual({});
  });

  it('bind-phone needs an 11-character phone and a code', () => {
    expect(validateBindPhone({ phone: '138000000001', code: '' })).toEqual({ phone: '手机号格式错误', code: '验证码不能为空' });
  });

  it('sending an SMS checks the phone', () => {
    expect(validateSmsPhone('')).toBe('手机号不能为空');
    expect(validateSmsPhone('123')).toBe('手机号格式错误');
    expect(validateSmsPhone('13800000000')).toBeNull();
  });
});

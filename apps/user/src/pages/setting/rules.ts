// Validation of the account settings forms (antd Form rules), messages in texts.ts.
import type { FormRule } from 'antd';
import { T } from '../../texts';

export const MAX_NAME = 32;
export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 64;

export const accountRules: FormRule[] = [
  { required: true, whitespace: true, message: T.accountRequired },
  { max: MAX_NAME, message: T.accountTooLong },
  { pattern: /^\S*$/, message: T.accountSpaces },
];

export const nicknameRules: FormRule[] = [
  { required: true, whitespace: true, message: T.nicknameRequired },
  { max: MAX_NAME, message: T.nicknameTooLong },
];

export const oldPasswordRules: FormRule[] = [{ required: true, message: T.oldPasswordRequired }];

export const newPasswordRules: FormRule[] = [
  { required: true, message: T.newPasswordRequired },
  { min: MIN_PASSWORD, message: T.newPasswordTooShort },
  { max: MAX_PASSWORD, message: T.newPasswordTooLong },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      value && value === getFieldValue('oldPassword') ? Promise.reject(new Error(T.newPasswordSame)) : Promise.resolve(),
  }),
];

export const confirmRules: FormRule[] = [
  { required: true, message: T.confirmRequired },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(T.confirmMismatch)),
  }),
];

/** A new phone: 11 digits (spec §5, §9), not the current one. */
export const phoneRules = (current: string): FormRule[] => [
  { required: true, whitespace: true, message: T.newPhoneRequired },
  { pattern: /^\s*\d{11}\s*$/, message: T.phoneFormat },
  {
    validator: (_, value: string | undefined) => (value && current && value.trim() === current ? Promise.reject(new Error(T.phoneSame)) : Promise.resolve()),
  },
];

export const codeRules: FormRule[] = [{ required: true, whitespace: true, message: T.codeRequired }];

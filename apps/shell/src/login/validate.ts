// Validation of the login, register and bind-phone forms (spec §5), with the messages of contracts' Msg.
import { Msg, phoneError } from '@scrm/contracts/account';

export type Errors<T> = Partial<Record<keyof T, string>>;

export interface PasswordLoginValues {
  account: string;
  password: string;
}
export interface CodeLoginValues {
  phone: string;
  code: string;
}
export interface RegisterValues {
  phone: string;
  code: string;
  password: string;
}
export type BindPhoneValues = CodeLoginValues;

const pick = <T>(entries: Array<[keyof T, string | null | false]>): Errors<T> =>
  Object.fromEntries(entries.filter(([, message]) => message)) as Errors<T>;

export const validatePasswordLogin = (v: PasswordLoginValues) =>
  pick<PasswordLoginValues>([
    ['account', !v.account.trim() && Msg.accountEmpty],
    ['password', !v.password && Msg.passwordEmpty],
  ]);

export const validateCodeLogin = (v: CodeLoginValues) =>
  pick<CodeLoginValues>([
    ['phone', !v.phone.trim() && Msg.phoneEmpty],
    ['code', !v.code.trim() && Msg.codeEmpty],
  ]);

export const validateRegister = (v: RegisterValues) =>
  pick<RegisterValues>([
    ['phone', phoneError(v.phone.trim())],
    ['code', !v.code.trim() && Msg.codeEmpty],
    ['password', !v.password && Msg.passwordEmpty],
  ]);

export const validateBindPhone = (v: BindPhoneValues) =>
  pick<BindPhoneValues>([
    ['phone', phoneError(v.phone.trim())],
    ['code', !v.code.trim() && Msg.codeEmpty],
  ]);

/** Before an SMS is sent the phone must be a valid 11-character number. */
export const validateSmsPhone = (phone: string) => phoneError(phone.trim());

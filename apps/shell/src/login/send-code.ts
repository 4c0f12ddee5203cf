// Sends an SMS code: the phone is validated first; success shows the toast of spec §8.
import { Msg } from '@scrm/contracts/account';
import { SMS_COOLDOWN_SECONDS } from '@scrm/contracts/constants';
import { toApiRequestError, toast } from '@scrm/web-kit/base';
import { sendSmsCode } from '../api/send-sms-code';
import { validateSmsPhone } from './validate';

export interface SendCodeHooks {
  /** Shows (or clears, with null) the phone field's message; returns true when it passes. */
  phoneError: (message: string | null) => boolean;
  onError: (message: string) => void;
}

export async function sendCode(phone: string, hooks: SendCodeHooks): Promise<number | null> {
  if (!hooks.phoneError(validateSmsPhone(phone))) return null;
  try {
    const { cooldown } = await sendSmsCode(phone.trim());
    toast.success(Msg.smsSent);
    return cooldown || SMS_COOLDOWN_SECONDS;
  } catch (error) {
    hooks.onError(toApiRequestError(error).message);
    return null;
  }
}

// The phone and SMS-code fields with the 60 s send button: SMS login, register and bind-phone share them.
import { Field, Input } from '../guest/light';
import { sendCode } from './send-code';
import { SmsButton } from './sms-button';
import type { useLightForm } from './use-light-form';
import { T } from '../texts';

type PhoneCodeForm = Pick<ReturnType<typeof useLightForm<{ phone: string; code: string }>>, 'values' | 'errors' | 'bind' | 'setFieldError'>;

export interface PhoneCodeFieldsProps {
  form: PhoneCodeForm;
  /** Where a failed send shows (the form's red banner); called with null before each send. */
  onBanner: (message: string | null) => void;
}

export function PhoneCodeFields({ form, onBanner }: PhoneCodeFieldsProps) {
  return (
    <>
      <Field error={form.errors.phone}>
        {(id, errorId) => (
          <Input id={id} aria-describedby={errorId} placeholder={T.login.phonePlaceholder} inputMode="numeric" autoComplete="tel" maxLength={11} invalid={!!form.errors.phone} {...form.bind('phone')} />
        )}
      </Field>
      <Field error={form.errors.code}>
        {(id, errorId) => (
          <div className="l-row">
            <Input id={id} aria-describedby={errorId} placeholder={T.login.codePlaceholder} inputMode="numeric" autoComplete="one-time-code" maxLength={8} invalid={!!form.errors.code} {...form.bind('code')} />
            <SmsButton
              send={() => {
                onBanner(null);
                return sendCode(form.values.phone, { phoneError: (m) => form.setFieldError('phone', m), onError: onBanner });
              }}
            />
          </div>
        )}
      </Field>
    </>
  );
}

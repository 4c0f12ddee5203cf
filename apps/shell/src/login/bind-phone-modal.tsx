// After a QR scan by an unregistered WeChat user (10006): bind a phone, which creates the account.
import { useState } from 'react';
import { setToken, toApiRequestError } from '@scrm/web-kit/base';
import { registerByScan } from '../api/register';
import { Button, ErrorBanner, Modal } from '../guest/light';
import { PhoneCodeFields } from './phone-code-fields';
import { useLightForm } from './use-light-form';
import { validateBindPhone, type BindPhoneValues } from './validate';
import { T } from '../texts';

const INITIAL: BindPhoneValues = { phone: '', code: '' };

export interface BindPhoneModalProps {
  /** The scanned QR's code, sent as wxCode. */
  wxCode: string;
  onCancel: () => void;
  /** create/scan failed: the modal closes and the message shows in the login card. */
  onFail: (message: string) => void;
}

export function BindPhoneModal({ wxCode, onCancel, onFail }: BindPhoneModalProps) {
  const form = useLightForm(INITIAL, validateBindPhone);
  const [submitting, setSubmitting] = useState(false);
  const [smsError, setSmsError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    setSubmitting(true);
    try {
      const { token } = await registerByScan({ phone: form.values.phone.trim(), code: form.values.code.trim(), wxCode });
      setToken(token);
      window.location.reload();
    } catch (error) {
      setSubmitting(false);
      onFail(toApiRequestError(error).message);
    }
  };

  return (
    <Modal
      title={T.bindPhone.title}
      testId="bind-phone-modal"
      footer={
        <>
          <Button onClick={onCancel} disabled={submitting}>
            {T.bindPhone.cancel}
          </Button>
          <Button variant="primary" htmlType="submit" form="bind-phone-form" loading={submitting}>
            {T.bindPhone.ok}
          </Button>
        </>
      }
    >
      <p className="l-hint">{T.bindPhone.hint}</p>
      <ErrorBanner message={smsError} testId="bind-phone-error" />
      <form id="bind-phone-form" onSubmit={submit} noValidate>
        <PhoneCodeFields form={form} onBanner={setSmsError} />
      </form>
    </Modal>
  );
}

// After a QR scan by an unregistered WeChat user (10006): bind a phone, which creates the account.
import { useState } from 'react';
import type { TokenData } from '@scrm/contracts/account';
import { post, setToken, toApiRequestError } from '@scrm/web-kit';
import { Button, ErrorBanner, Modal } from '../guest/light';
import { PhoneCodeFields } from './phone-code-fields';
import { useLightForm } from './use-light-form';
import { validateBindPhone, type BindPhoneValues } from './validate';

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
      const { token } = await post<TokenData>(
        '/api/account/create/scan',
        { phone: form.values.phone.trim(), code: form.values.code.trim(), wxCode },
        { silent: true },
      );
      setToken(token);
      window.location.reload();
    } catch (error) {
      setSubmitting(false);
      onFail(toApiRequestError(error).message);
    }
  };

  return (
    <Modal
      title="绑定手机号"
      testId="bind-phone-modal"
      footer={
        <>
          <Button onClick={onCancel} disabled={submitting}>
            取消
          </Button>
          <Button variant="primary" htmlType="submit" form="bind-phone-form" loading={submitting}>
            确定
          </Button>
        </>
      }
    >
      <p className="l-hint">微信首次扫码登录，请绑定手机号完成注册</p>
      <ErrorBanner message={smsError} testId="bind-phone-error" />
      <form id="bind-phone-form" onSubmit={submit} noValidate>
        <PhoneCodeFields form={form} onBanner={setSmsError} />
      </form>
    </Modal>
  );
}

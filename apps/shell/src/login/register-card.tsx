// The register card: phone, SMS code and password; success stores the token and reloads (spec §4).
import { useState } from 'react';
import { Msg } from '@scrm/contracts/account';
import { REGISTER_RELOAD_DELAY_MS } from '@scrm/contracts/constants';
import { setToken, toApiRequestError, toast } from '@scrm/web-kit/base';
import { register } from '../api/register';
import { Button, ErrorBanner, Field, PasswordInput } from '../guest/light';
import { PhoneCodeFields } from './phone-code-fields';
import { useLightForm } from './use-light-form';
import { validateRegister, type RegisterValues } from './validate';
import { T } from '../texts';

const INITIAL: RegisterValues = { phone: '', code: '', password: '' };

export function RegisterCard({ onLogin }: { onLogin: () => void }) {
  const form = useLightForm(INITIAL, validateRegister);
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBanner(null);
    if (!form.check()) return;
    setSubmitting(true);
    try {
      const { token } = await register({ phone: form.values.phone.trim(), code: form.values.code.trim(), password: form.values.password });
      setToken(token);
      setDone(true);
      toast.success(Msg.registered);
      setTimeout(() => window.location.reload(), REGISTER_RELOAD_DELAY_MS);
    } catch (error) {
      setBanner(toApiRequestError(error).message);
      setSubmitting(false);
    }
  };

  return (
    <div className="login-card" data-testid="register-card">
      <h2 className="login-card-title">{T.register.title}</h2>
      <p className="login-card-sub">{T.register.sub}</p>
      <form onSubmit={submit} noValidate>
        <ErrorBanner message={banner} />
        <PhoneCodeFields form={form} onBanner={setBanner} />
        <Field error={form.errors.password}>
          {(id, errorId) => (
            <PasswordInput id={id} aria-describedby={errorId} placeholder={T.login.passwordPlaceholder} autoComplete="new-password" invalid={!!form.errors.password} {...form.bind('password')} />
          )}
        </Field>
        <Button variant="primary" size="large" block htmlType="submit" loading={submitting || done}>
          {T.register.submit}
        </Button>
      </form>
      <div className="login-links" style={{ justifyContent: 'center' }}>
        <Button variant="link" onClick={onLogin}>
          {T.register.toLogin}
        </Button>
      </div>
    </div>
  );
}

// The login card: password, SMS code and WeChat QR modes (spec §2, §4, §5).
import { useState } from 'react';
import { toApiRequestError } from '@scrm/web-kit/base';
import { login } from '../api/login';
import { Button, ErrorBanner, Field, Input, PasswordInput } from '../guest/light';
import { QrLogin } from './qr-login';
import { PhoneCodeFields } from './phone-code-fields';
import { useLightForm } from './use-light-form';
import { validateCodeLogin, validatePasswordLogin, type CodeLoginValues, type PasswordLoginValues } from './validate';
import { T } from '../texts';

export type LoginMode = 'password' | 'code' | 'qrcode';

export const LOGIN_TITLES: Record<LoginMode, string> = T.login.titles;

const loginToken = (body: { phone: string; password?: string; code?: string }) => login(body).then((data) => data.token);

const QrIcon = () => (
  <svg viewBox="0 0 20 20" width="26" height="26" aria-hidden="true">
    <path d="M2 2h6.5v6.5H2zm1.6 1.6v3.3h3.3V3.6zM11.5 2H18v6.5h-6.5zm1.6 1.6v3.3h3.3V3.6zM2 11.5h6.5V18H2zm1.6 1.6v3.3h3.3v-3.3z" fill="currentColor" />
    <path d="M11.5 11.5h2.2v2.2h-2.2zm2.2 2.2h2.2v2.2h-2.2zm2.2-2.2H18v2.2h-2.1zm-4.4 4.4h2.2V18h-2.2zm4.4 0H18V18h-2.1z" fill="currentColor" />
  </svg>
);

const ScreenIcon = () => (
  <svg viewBox="0 0 20 20" width="26" height="26" aria-hidden="true">
    <rect x="2" y="3" width="16" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    <path d="M7 17.5h6M10 14v3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);

/** Submitting a login form: validate, call, hand the token on, or show the failure in the red banner. */
function useLoginSubmit(check: () => boolean, call: () => Promise<string>, onToken: (token: string) => void) {
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBanner(null);
    if (!check()) return;
    setSubmitting(true);
    try {
      onToken(await call());
    } catch (error) {
      setBanner(toApiRequestError(error).message);
      setSubmitting(false);
    }
  };
  return { banner, setBanner, submitting, submit };
}

function PasswordForm({ onToken }: { onToken: (token: string) => void }) {
  const form = useLightForm<PasswordLoginValues>({ account: '', password: '' }, validatePasswordLogin);
  const { banner, submitting, submit } = useLoginSubmit(form.check, () => loginToken({ phone: form.values.account.trim(), password: form.values.password }), onToken);
  return (
    <form onSubmit={submit} noValidate>
      <ErrorBanner message={banner} />
      <Field error={form.errors.account}>
        {(id, errorId) => (
          <Input id={id} aria-describedby={errorId} placeholder={T.login.accountPlaceholder} autoComplete="username" invalid={!!form.errors.account} {...form.bind('account')} />
        )}
      </Field>
      <Field error={form.errors.password}>
        {(id, errorId) => (
          <PasswordInput id={id} aria-describedby={errorId} placeholder={T.login.passwordPlaceholder} autoComplete="current-password" invalid={!!form.errors.password} {...form.bind('password')} />
        )}
      </Field>
      <Button variant="primary" size="large" block htmlType="submit" loading={submitting}>
        {T.login.submit}
      </Button>
    </form>
  );
}

function CodeForm({ onToken }: { onToken: (token: string) => void }) {
  const form = useLightForm<CodeLoginValues>({ phone: '', code: '' }, validateCodeLogin);
  const { banner, setBanner, submitting, submit } = useLoginSubmit(form.check, () => loginToken({ phone: form.values.phone.trim(), code: form.values.code.trim() }), onToken);
  return (
    <form onSubmit={submit} noValidate>
      <ErrorBanner message={banner} />
      <PhoneCodeFields form={form} onBanner={setBanner} />
      <Button variant="primary" size="large" block htmlType="submit" loading={submitting}>
        {T.login.submit}
      </Button>
    </form>
  );
}

export interface LoginCardProps {
  onToken: (token: string) => void;
  onRegister: () => void;
  initialMode?: LoginMode;
}

export function LoginCard({ onToken, onRegister, initialMode = 'password' }: LoginCardProps) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const cornerTarget: LoginMode = mode === 'qrcode' ? 'code' : 'qrcode';
  const linkTarget: LoginMode = mode === 'code' ? 'password' : mode === 'password' ? 'code' : 'password';
  return (
    <div className="login-card" data-testid="login-card" data-mode={mode}>
      <button
        type="button"
        className="login-corner"
        data-testid="login-qr-toggle"
        aria-label={mode === 'qrcode' ? T.login.toCode : T.login.toQr}
        title={mode === 'qrcode' ? T.login.codeLogin : T.login.qrLogin}
        onClick={() => setMode(cornerTarget)}
      >
        {mode === 'qrcode' ? <ScreenIcon /> : <QrIcon />}
      </button>
      <span className="login-corner-tip" aria-hidden="true">
        {mode === 'qrcode' ? T.login.codeLogin : T.login.qrLogin}
      </span>
      <h2 className="login-card-title">{LOGIN_TITLES[mode]}</h2>
      {mode === 'password' ? <PasswordForm onToken={onToken} /> : null}
      {mode === 'code' ? <CodeForm onToken={onToken} /> : null}
      {mode === 'qrcode' ? <QrLogin onToken={onToken} /> : null}
      <div className="login-links">
        <Button variant="link" onClick={() => setMode(linkTarget)}>
          {LOGIN_TITLES[linkTarget]}
        </Button>
        <Button variant="link" onClick={onRegister}>
          {T.login.register}
        </Button>
      </div>
    </div>
  );
}

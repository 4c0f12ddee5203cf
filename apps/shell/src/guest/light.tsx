// Light form controls that look like antd's (same colours, radii, 32 px inputs) without loading antd:
// the login gate must stay small (budget: 300 KB gzipped JS before the login dialog shows).
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { T } from '../texts';

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

export interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: 'default' | 'primary' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  htmlType?: 'button' | 'submit';
}

export function Button({ variant = 'default', size = 'middle', block, loading, htmlType = 'button', className, children, disabled, ...rest }: LightButtonProps) {
  return (
    <button
      {...rest}
      type={htmlType}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx('l-btn', `l-btn-${variant}`, size === 'large' && 'l-btn-lg', block && 'l-btn-block', loading && 'l-btn-loading', className)}
    >
      {loading ? <span className="l-spin" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}

export interface LightInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  invalid?: boolean;
  suffix?: ReactNode;
}

export function Input({ invalid, suffix, className, ...rest }: LightInputProps) {
  if (!suffix) return <input {...rest} aria-invalid={invalid || undefined} className={cx('l-input', invalid && 'l-input-error', className)} />;
  return (
    <span className={cx('l-input', 'l-input-affix', invalid && 'l-input-error', className)}>
      <input {...rest} aria-invalid={invalid || undefined} />
      <span className="l-input-suffix">{suffix}</span>
    </span>
  );
}

export function PasswordInput(props: Omit<LightInputProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button type="button" className="l-eye" aria-label={visible ? T.login.hidePassword : T.login.showPassword} onClick={() => setVisible((v) => !v)}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M1 8s2.6-4.5 7-4.5S15 8 15 8s-2.6 4.5-7 4.5S1 8 1 8z" fill="none" stroke="currentColor" strokeWidth="1.3" />
            <circle cx="8" cy="8" r="2.1" fill="none" stroke="currentColor" strokeWidth="1.3" />
            {visible ? null : <path d="M2.5 13.5l11-11" stroke="currentColor" strokeWidth="1.3" />}
          </svg>
        </button>
      }
    />
  );
}

/** One form row: the control, and below it the validation message in red (as antd's Form.Item). */
export function Field({ error, children, label }: { error?: string; children: (id: string, errorId: string) => ReactNode; label?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('l-field', error && 'l-field-has-error')}>
      {label ? (
        <label className="l-field-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      {children(id, errorId)}
      {error ? (
        <div className="l-field-error" id={errorId} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBanner({ message, testId = 'login-error' }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <div className="l-alert l-alert-error" role="alert" data-testid={testId}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="8" fill="#ff4d4f" />
        <path d="M5.4 5.4l5.2 5.2M10.6 5.4l-5.2 5.2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </div>
  );
}

export interface LightModalProps {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  testId?: string;
}

/** A centred dialog over a dimmed page; closing is up to the caller's buttons. */
export function Modal({ title, children, footer, width = 420, testId }: LightModalProps) {
  const titleId = useId();
  return (
    <div className="l-modal-mask">
      <div className="l-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width }} data-testid={testId}>
        <div className="l-modal-title" id={titleId}>
          {title}
        </div>
        <div className="l-modal-body">{children}</div>
        {footer ? <div className="l-modal-footer">{footer}</div> : null}
      </div>
    </div>
  );
}

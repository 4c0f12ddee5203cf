// The logo and product name of the top bar, shared by the guest and the logged-in top bars.
import { PRODUCT_NAME } from '@scrm/web-kit/base';

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1677ff" />
      <path d="M8 9h6.5v6.5H8zM17.5 9H24v6.5h-6.5zM8 17.5h6.5V24H8z" fill="#fff" />
      <path d="M18 18h2.5v2.5H18zm3.5 3.5H24V24h-2.5zM18 21.5h2.5V24H18zm3.5-3.5H24v2.5h-2.5z" fill="#fff" opacity=".75" />
    </svg>
  );
}

export function Brand() {
  return (
    <a className="scrm-brand" href="#/" aria-label={PRODUCT_NAME}>
      <Logo />
      <span className="scrm-brand-name">{PRODUCT_NAME}</span>
    </a>
  );
}

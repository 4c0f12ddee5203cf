// The three selling points of spec §1, beside the login card on wide screens, below it on narrow ones.
import { PRODUCT_NAME } from '@scrm/web-kit/base';
import { T } from '../texts';

export const SELLING_POINTS = [
  {
    ...T.sellingPoints[0]!,
    color: 'linear-gradient(135deg, #4096ff, #1677ff)',
    icon: <path d="M4 4h5v5H4zM11 4h5v5h-5zM4 11h5v5H4zM12 12h1.5v1.5H12zm2.5 2.5H16V16h-1.5zM12 14.5h1.5V16H12zm2.5-2.5H16v1.5h-1.5z" fill="currentColor" />,
  },
  {
    ...T.sellingPoints[1]!,
    color: 'linear-gradient(135deg, #36cfc9, #13a8a8)',
    icon: (
      <>
        <path d="M10 2.5l6 2.2v4.6c0 3.9-2.6 6.8-6 8.2-3.4-1.4-6-4.3-6-8.2V4.7z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        <path d="M7.2 9.8l2 2 3.8-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </>
    ),
  },
  {
    ...T.sellingPoints[2]!,
    color: 'linear-gradient(135deg, #9254de, #722ed1)',
    icon: (
      <>
        <circle cx="4.5" cy="10" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="15.5" cy="4.8" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="15.5" cy="15.2" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M6.5 9l7-3.2M6.5 11l7 3.2" stroke="currentColor" strokeWidth="1.6" />
      </>
    ),
  },
];

export function SellingPoints() {
  return (
    <section className="login-intro" aria-label={T.intro.label}>
      <h1 className="login-intro-title">{PRODUCT_NAME}</h1>
      <p className="login-intro-sub">{T.intro.sub}</p>
      <ul className="login-points">
        {SELLING_POINTS.map((point) => (
          <li className="login-point" key={point.title}>
            <span className="login-point-icon" style={{ background: point.color }}>
              <svg viewBox="0 0 20 20" width="22" height="22" aria-hidden="true">
                {point.icon}
              </svg>
            </span>
            <div>
              <h3 className="login-point-title">{point.title}</h3>
              <p className="login-point-desc">{point.desc}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

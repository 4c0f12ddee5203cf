// The one login modal (spec §2): page background, selling points, and the login or register card.
import { useState } from 'react';
import { loggedIn } from '../session';
import { LoginCard } from './login-card';
import { RegisterCard } from './register-card';
import { SellingPoints } from './selling-points';
import './login.css';
import { T } from '../texts';

export function LoginModal({ withTopBar = true }: { withTopBar?: boolean }) {
  const [card, setCard] = useState<'login' | 'register'>('login');
  return (
    <div
      className={withTopBar ? 'login-overlay' : 'login-overlay login-overlay-no-layout'}
      data-testid="login-modal"
      role="dialog"
      aria-modal="true"
      aria-label={card === 'login' ? T.login.modalLabel.login : T.login.modalLabel.register}
    >
      <div className="login-stage">
        <SellingPoints />
        {card === 'login' ? <LoginCard onToken={loggedIn} onRegister={() => setCard('register')} /> : <RegisterCard onLogin={() => setCard('login')} />}
      </div>
    </div>
  );
}

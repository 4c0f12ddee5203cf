// The shell's root: guest (top bar + login modal) or the logged-in app, loaded lazily with antd.
import { Suspense, lazy, useEffect } from 'react';
import { GuestTopBar } from './guest/guest-top-bar';
import { Button } from './guest/light';
import { LoginModal } from './login/login-modal';
import { isNoLayoutPath } from './paths';
import { loadAccount, useSession, watchUnauthorized } from './session';
import { useHashPath } from './use-hash-path';
import { T } from './texts';

export const loadLoggedInApp = () => import('./app/logged-in-app');
const LoggedInApp = lazy(loadLoggedInApp);

function Splash({ noLayout, children }: { noLayout: boolean; children?: React.ReactNode }) {
  return (
    <>
      {noLayout ? null : <GuestTopBar />}
      {children ? <div className={noLayout ? 'scrm-splash scrm-splash-no-layout' : 'scrm-splash'}>{children}</div> : null}
    </>
  );
}

export function Root() {
  const { phase, loginOpen, failure } = useSession();
  const noLayout = isNoLayoutPath(useHashPath());

  useEffect(() => watchUnauthorized(), []);
  useEffect(() => {
    void loadAccount();
  }, []);

  let body: React.ReactNode;
  if (phase === 'authed') {
    body = (
      <Suspense fallback={<Splash noLayout={noLayout}>loading</Splash>}>
        <LoggedInApp />
      </Suspense>
    );
  } else if (phase === 'failed') {
    body = (
      <Splash noLayout={noLayout}>
        <p>
          {T.page.accountFailed}
          {failure}
        </p>
        <Button variant="primary" onClick={() => void loadAccount()}>
          {T.page.reload}
        </Button>
      </Splash>
    );
  } else {
    body = <Splash noLayout={noLayout}>{phase === 'booting' ? 'loading' : null}</Splash>;
  }

  return (
    <>
      {body}
      {loginOpen ? <LoginModal withTopBar={!noLayout} /> : null}
    </>
  );
}

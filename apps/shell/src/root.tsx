// The shell's root: guest (top bar + login modal) or the logged-in app, loaded lazily with antd.
import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '@scrm/web-kit/base';
import { GuestTopBar } from './guest/guest-top-bar';
import { Button } from './guest/light';
import { LoginModal } from './login/login-modal';
import { isNoLayoutPath } from './paths';
import { loadAccount, useSession, watchUnauthorized } from './session';
import { useHashPath } from './use-hash-path';
import { T } from './texts';

// Loaded before it renders, not by suspending: React holds a Suspense fallback up for 300 ms at least.
// Should the load fail, it is rendered as a lazy component, which loads again and shows the failure.
const LoggedInApp = lazyPage(() => import('./app/logged-in-app'));
export const loadLoggedInApp = () => LoggedInApp.preload();

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
  const [appLoad, setAppLoad] = useState<'loading' | 'done'>(LoggedInApp.loaded() ? 'done' : 'loading');
  useEffect(() => {
    if (phase !== 'authed' || appLoad === 'done') return;
    let live = true;
    const done = () => live && setAppLoad('done');
    loadLoggedInApp().then(done, done);
    return () => {
      live = false;
    };
  }, [phase, appLoad]);

  let body: React.ReactNode;
  if (phase === 'authed' && appLoad === 'loading') {
    body = <Splash noLayout={noLayout}>loading</Splash>;
  } else if (phase === 'authed') {
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

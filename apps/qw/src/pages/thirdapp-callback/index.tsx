// WeCom's install page comes back here (no layout) with auth_code and state; the server exchanges them
// for the permanent code and connects the corp, then we go to /qw/list.
import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { store } from '@scrm/web-kit';
import { thirdAuthCallback } from '../../api/third-auth';
import { T } from '../../texts';

/** The parameters may sit in the hash route's query or, depending on the redirect, before the hash. */
function param(params: URLSearchParams, name: string): string {
  return params.get(name) ?? new URLSearchParams(window.location.search).get(name) ?? '';
}

export default function QwThirdAppCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const authCode = param(params, 'auth_code');
  const state = param(params, 'state');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!authCode || !state) {
      setError(T.callbackMissing);
      return;
    }
    thirdAuthCallback(authCode, state).then(
      () => {
        store.emit('onWorkListRefresh');
        // WeCom may have put the one-use code before the hash: drop it from the address.
        if (window.location.search) window.history.replaceState(null, '', window.location.pathname + window.location.hash);
        navigate('/qw/list', { replace: true });
      },
      (err: Error) => setError(err.message),
    );
  }, [authCode, state, navigate]);

  if (error) {
    return (
      <Result
        status="error"
        title={T.callbackFailed}
        subTitle={error}
        extra={<Button type="primary" onClick={() => navigate('/qw/list?method=create', { replace: true })}>{T.toList}</Button>}
      />
    );
  }
  return <Result icon={<Spin size="large" />} title={T.callbackPageTitle} subTitle={T.callbackWorking} />;
}

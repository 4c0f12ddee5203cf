// Provider app: get a pre-auth code and go to WeCom's install page (it comes back to /qw/thirdapp/callback).
import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { getThirdPreCode } from '../../../api/third-auth';
import { T } from '../../../texts';

export function ThirdConnect() {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setLoading(true);
    setError(null);
    try {
      const { url } = await getThirdPreCode();
      window.location.assign(url);
    } catch (err) {
      setError((err as Error).message);
      setLoading(false);
    }
  };
  return (
    <div>
      <Typography.Title level={5}>{T.thirdTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.thirdHint}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" onClick={go} loading={loading}>
        {T.thirdGo}
      </Button>
    </div>
  );
}

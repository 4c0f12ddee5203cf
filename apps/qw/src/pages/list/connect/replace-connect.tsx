// 代开发: an authorisation link (and its QR) bound to this account; polls until the corp is connected.
import { useEffect } from 'react';
import { Alert, Button, Flex, QRCode, Skeleton, Spin, Typography } from 'antd';
import { store } from '@scrm/web-kit';
import { LoadAlert } from '@scrm/web-parts';
import { useReplaceAuthResult, useReplaceAuthUrl } from '../../../api/replace-auth';
import { T } from '../../../texts';

export function ReplaceConnect({ onDone }: { onDone: () => void }) {
  const link = useReplaceAuthUrl();
  const result = useReplaceAuthResult(link.data?.state);
  const done = result.data?.done;
  useEffect(() => {
    if (done) store.emit('onWorkListRefresh');
  }, [done]);

  if (link.isPending) return <Skeleton active />;
  if (link.isError) return <LoadAlert error={link.error} onRetry={() => void link.refetch()} />;
  return (
    <div>
      <Typography.Title level={5}>{T.replaceTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.replaceHint}</Typography.Paragraph>
      <Flex gap={24} align="center" wrap>
        <QRCode value={link.data.url} size={180} status={done ? 'scanned' : 'active'} />
        <Flex vertical gap={8} style={{ minWidth: 280, flex: 1 }}>
          <Typography.Text>{T.replaceLink}</Typography.Text>
          <Typography.Link href={link.data.url} target="_blank" copyable={{ text: link.data.url }} data-testid="replace-auth-link">
            {link.data.url}
          </Typography.Link>
          {done ? (
            <Alert type="success" showIcon message={T.replaceDone} action={<Button type="primary" onClick={onDone}>{T.finish}</Button>} />
          ) : result.data?.error ? (
            <Alert type="error" showIcon message={result.data.error} action={<Button onClick={() => link.refetch()}>{T.refreshLink}</Button>} />
          ) : (
            <Typography.Text type="secondary">
              <Spin size="small" /> {T.replaceWaiting}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </div>
  );
}

// What the admin copies into WeCom's console: the callback URL, Token, EncodingAESKey and trusted IPs.
import { Alert, Descriptions, Typography } from 'antd';
import { LoadAlert } from '@scrm/web-parts';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { useIpList } from '../api/get-ip-list';
import { T } from '../texts';

const Copy = ({ text, testId }: { text: string; testId: string }) => (
  <Typography.Text copyable={{ text, tooltips: ['复制', '已复制'] }} code data-testid={testId}>
    {text}
  </Typography.Text>
);

export function CallbackInfo({ info }: { info: WorkSpaceInfo }) {
  const ips = useIpList();
  return (
    <div>
      <Typography.Title level={5}>{T.callbackTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.callbackHint}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={T.callbackUrl}>
          <Copy text={info.callbackUrl} testId="callback-url" />
        </Descriptions.Item>
        <Descriptions.Item label={T.token}>
          <Copy text={info.token} testId="callback-token" />
        </Descriptions.Item>
        <Descriptions.Item label={T.aesKey}>
          <Copy text={info.encodingAesKey} testId="callback-aes-key" />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {T.trustedIps}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.trustedIpsHint}</Typography.Paragraph>
      {ips.isError ? (
        <LoadAlert />
      ) : ips.data && ips.data.list.length === 0 ? (
        <Alert type="warning" showIcon message={T.noIps} />
      ) : (
        <Typography.Paragraph>
          {(ips.data?.list ?? []).map((ip) => (
            <Copy key={ip} text={ip} testId="trusted-ip" />
          ))}
        </Typography.Paragraph>
      )}
    </div>
  );
}

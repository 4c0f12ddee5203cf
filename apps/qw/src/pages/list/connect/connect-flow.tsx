// 连接企业微信: choose the access type, then its own flow.
import { useState } from 'react';
import { Button, Card, Col, Row, Typography } from 'antd';
import type { AccessType } from '@scrm/contracts/workspace';
import { ACCESS_TYPE_LABEL } from '@scrm/contracts/workspace';
import { PageFrame } from '@scrm/web-kit/ui';
import { T } from '../../../texts';
import { InternalConnect } from './internal-connect';
import { ReplaceConnect } from './replace-connect';
import { ThirdConnect } from './third-connect';

const TYPES: AccessType[] = ['internal', 'direct', 'third', 'replace'];

export function ConnectFlow({ onBack }: { onBack: () => void }) {
  const [type, setType] = useState<AccessType>('internal');
  return (
    <PageFrame title={T.connect} extra={<Button onClick={onBack}>{T.back}</Button>} bare>
      <Card variant="borderless" title={T.chooseType} style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]} role="radiogroup">
          {TYPES.map((t) => (
            <Col key={t} xs={24} md={12} xl={6}>
              <Card
                hoverable
                role="radio"
                aria-checked={type === t}
                data-testid={`access-type-${t}`}
                onClick={() => setType(t)}
                style={{ height: '100%', borderColor: type === t ? '#1677ff' : undefined, borderWidth: type === t ? 2 : 1 }}
              >
                <Typography.Text strong>{ACCESS_TYPE_LABEL[t]}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                  {T.typeIntro[t]}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Card variant="borderless">
        {type === 'internal' || type === 'direct' ? (
          <InternalConnect key={type} accessType={type} onDone={onBack} />
        ) : type === 'third' ? (
          <ThirdConnect />
        ) : (
          <ReplaceConnect onDone={onBack} />
        )}
      </Card>
    </PageFrame>
  );
}

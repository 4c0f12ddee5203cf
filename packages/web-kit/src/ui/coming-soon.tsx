// The empty state of a page that later work fills in: 「即将上线」 and what the page will do.
import { Empty, Typography } from 'antd';
import { PageFrame } from './page-frame';

export const COMING_SOON_TEXT = '即将上线';

export function ComingSoon({ description }: { description: string }) {
  return (
    <Empty
      style={{ padding: '48px 0' }}
      description={
        <>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {COMING_SOON_TEXT}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '8px auto 0', maxWidth: 560 }}>
            {description}
          </Typography.Paragraph>
        </>
      }
    />
  );
}

/** A whole page that is not built yet: the frame with its menu title and the empty state. */
export function ComingSoonPage({ description, title }: { description: string; title?: string }) {
  return (
    <PageFrame title={title}>
      <ComingSoon description={description} />
    </PageFrame>
  );
}

// The shell's error screen (a page that threw, a sub-app that could not be loaded), laid out as antd's
// Result with status="error". It needs nothing more from the network: it shows when a fetch failed, and
// antd's Result would bring its three illustrations (~6 KB gz) onto every first page (issue 15).
import type { ReactNode } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';

export interface ErrorScreenProps {
  title: ReactNode;
  subTitle?: ReactNode;
  /** Buttons under the text. */
  extra?: ReactNode;
  'data-testid'?: string;
}

export function ErrorScreen({ title, subTitle, extra, 'data-testid': testId }: ErrorScreenProps) {
  return (
    <div role="alert" data-testid={testId} style={{ padding: '48px 32px', textAlign: 'center', fontSize: 14, lineHeight: 1.5714 }}>
      <div style={{ marginBottom: 24, fontSize: 72, lineHeight: 1, color: '#ff4d4f' }}>
        <CloseCircleFilled />
      </div>
      <div style={{ color: 'rgba(0,0,0,.88)', fontSize: 24, lineHeight: 1.3333, marginBlock: 8 }}>{title}</div>
      {subTitle ? <div style={{ color: 'rgba(0,0,0,.45)' }}>{subTitle}</div> : null}
      {extra ? <div style={{ marginTop: 24, display: 'flex', justifyContent: 'center', gap: 8 }}>{extra}</div> : null}
    </div>
  );
}

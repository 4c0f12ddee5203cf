// What a card or a tab shows when what it reads could not be loaded: an error line with a retry, while
// the page around it stays. Apart from ./load-problem, whose antd Result a list's first load does not need.
// Drawn with antd Alert's error measures (colours, radius, paddings, icon sizes) rather than with Alert:
// a list shows it only when a request failed, and the first page after login does not fetch Alert for
// that (issue 15). It needs no fetch of its own either, so it shows when the network is what failed.
import type { CSSProperties } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { T } from './texts';

export interface LoadAlertProps {
  error?: Error;
  /** What failed to load (default 「加载失败」). */
  title?: string;
  /** Without it no retry button is shown. */
  onRetry?(): void;
  /** A small retry button, for a card's body. */
  small?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** An error line with a retry, for a card's or a tab's body. */
export function LoadAlert({ error, title = T.loadFailed, onRetry, small, style, 'data-testid': testId }: LoadAlertProps) {
  const description = error?.message;
  return (
    <div
      role="alert"
      data-testid={testId}
      style={{
        display: 'flex',
        alignItems: description ? 'flex-start' : 'center',
        padding: description ? '20px 24px' : '8px 12px',
        background: '#fff2f0',
        border: '1px solid #ffccc7',
        borderRadius: 8,
        color: 'rgba(0,0,0,.88)',
        fontSize: 14,
        lineHeight: 1.5714,
        wordWrap: 'break-word',
        ...style,
      }}
    >
      <CloseCircleFilled style={{ color: '#ff4d4f', fontSize: description ? 24 : 14, marginInlineEnd: description ? 12 : 8, lineHeight: 0 }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={description ? { fontSize: 16, marginBottom: 8 } : undefined}>{title}</div>
        {description ? <div>{description}</div> : null}
      </div>
      {onRetry ? (
        <div style={{ marginInlineStart: 8 }}>
          <Button size={small ? 'small' : undefined} onClick={onRetry}>
            {T.retry}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

// A white content panel with an optional title row: what the first page after login needs of antd's
// Card, drawn with antd's own card measures (radius, shadow, header heights and paddings). antd's Card
// imports Tabs and its menus for `tabList`; the first path does not load them for a frame (issue 15).
// Pages that need a card's tabs, actions or cover use antd's Card.
import type { CSSProperties, ReactNode } from 'react';

export interface PanelProps {
  /** The header's title; without title and extra there is no header. */
  title?: ReactNode;
  /** At the header's right (e.g. a 新建 link). */
  extra?: ReactNode;
  /** small: the 38 px header and 12 px body of a small card. */
  size?: 'default' | 'small';
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
}

const SHADOW = '0 1px 2px 0 rgba(0,0,0,.05), 0 1px 6px -1px rgba(0,0,0,.03), 0 2px 4px 0 rgba(0,0,0,.03)';

export function Panel({ title, extra, size = 'default', style, bodyStyle, children, 'data-testid': testId }: PanelProps) {
  const small = size === 'small';
  const head = title !== undefined || extra !== undefined;
  return (
    <div
      className="scrm-panel"
      data-testid={testId}
      style={{ position: 'relative', background: '#fff', borderRadius: 8, boxShadow: SHADOW, color: 'rgba(0,0,0,.88)', fontSize: 14, lineHeight: 1.5714, ...style }}
    >
      {head ? (
        <div
          className="scrm-panel-head"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            minHeight: small ? 38 : 56,
            padding: small ? '0 12px' : '0 24px',
            fontSize: small ? 14 : 16,
            fontWeight: 600,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra !== undefined ? <div style={{ marginInlineStart: 'auto', fontSize: 14, fontWeight: 400 }}>{extra}</div> : null}
        </div>
      ) : null}
      <div className="scrm-panel-body" style={{ padding: small ? 12 : 24, ...bodyStyle }}>
        {children}
      </div>
    </div>
  );
}

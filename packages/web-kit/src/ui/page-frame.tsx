// The frame every page uses: its title (from the menu configuration unless given) and a content panel.
import type { CSSProperties, ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
// Only pure helpers, by relative path: Module Federation resolves a package's imports of itself to a
// local copy, so `@scrm/web-kit` imported from here would be a second store/client in a sub-app.
import { titleFor } from '../menu';
import { Panel } from './panel';

export interface PageFrameProps {
  title?: ReactNode;
  /** Actions shown at the right of the title (e.g. a 新建 button). */
  extra?: ReactNode;
  children?: ReactNode;
  /** Render the children without the surrounding card (e.g. several cards). */
  bare?: boolean;
  style?: CSSProperties;
}

export function PageFrame({ title, extra, children, bare, style }: PageFrameProps) {
  const { pathname } = useLocation();
  const heading = title ?? titleFor(pathname);
  return (
    <div style={style} data-page-title={typeof heading === 'string' ? heading : undefined}>
      <Flex align="center" justify="space-between" gap={16} style={{ marginBottom: 16, minHeight: 32 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {heading}
        </Typography.Title>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
      {bare ? children : <Panel>{children}</Panel>}
    </div>
  );
}

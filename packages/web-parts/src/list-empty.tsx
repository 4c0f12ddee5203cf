// A list's two empty states: nothing made yet (what the page is for and the way to make the first one),
// and nothing matching the filters (with the way to clear them).
import type { ReactNode } from 'react';
import { Button, Empty, Flex, Typography } from 'antd';
import { T } from './texts';

export interface FirstUseProps {
  /** An @ant-design/icons icon, drawn large (blue unless it has a colour of its own) in a tinted square. */
  icon: ReactNode;
  /** The square's tint, e.g. '#e6f4ff' (blue) or '#f6ffed' (green). */
  tint?: string;
  title: string;
  hint: ReactNode;
  /** The way to make the first one (a button or link); none on read-only lists. */
  action?: ReactNode;
  'data-testid'?: string;
}

export function FirstUse({ icon, tint = '#e6f4ff', title, hint, action, ...rest }: FirstUseProps) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px 56px' }} data-testid={rest['data-testid']}>
      <Flex align="center" justify="center" style={{ width: 72, height: 72, borderRadius: 16, background: tint, fontSize: 36, color: '#1677ff' }}>
        {icon}
      </Flex>
      <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ maxWidth: 480, textAlign: 'center' }}>
        {hint}
      </Typography.Text>
      {action ? <div style={{ marginTop: 8 }}>{action}</div> : null}
    </Flex>
  );
}

export interface NoMatchProps {
  /** e.g. 「没有符合条件的渠道活码」 */
  text: string;
  onClear(): void;
  'data-testid'?: string;
}

export function NoMatch({ text, onClear, ...rest }: NoMatchProps) {
  return (
    <Empty description={text} data-testid={rest['data-testid']}>
      <Button onClick={onClear}>{T.clearFilters}</Button>
    </Empty>
  );
}

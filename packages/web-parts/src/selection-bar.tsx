// Above a list with rows ticked: how many, what can be done with them, and 取消选择.
import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { T } from './texts';

export interface SelectionBarProps {
  /** 「已选择 n 个…」 in the list's own words. */
  label: ReactNode;
  onClear: () => void;
  /** The batch actions (small buttons). */
  children: ReactNode;
  'data-testid'?: string;
}

export function SelectionBar({ label, onClear, children, 'data-testid': testId = 'batch-bar' }: SelectionBarProps) {
  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 12, padding: '8px 12px', background: '#e6f4ff', borderRadius: 6 }} data-testid={testId}>
      <Typography.Text>{label}</Typography.Text>
      {children}
      <Button size="small" type="link" onClick={onClear}>
        {T.clearSelection}
      </Button>
    </Flex>
  );
}

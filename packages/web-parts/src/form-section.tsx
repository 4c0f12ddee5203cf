// The frame of an edit page's form: titled section cards, and the save bar that stays at the bottom
// of the window.
import type { ReactNode } from 'react';
import { Button, Card, Flex, Typography } from 'antd';

export function FormSection({ title, hint, extra, children }: { title: ReactNode; hint?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      variant="borderless"
      extra={extra}
      title={
        <Flex align="baseline" gap={12} wrap>
          <span>{title}</span>
          {hint ? (
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              {hint}
            </Typography.Text>
          ) : null}
        </Flex>
      }
    >
      {children}
    </Card>
  );
}

export interface FormFooterProps {
  cancelText: string;
  submitText: string;
  saving: boolean;
  onCancel(): void;
  testIds: { cancel: string; submit: string };
}

/** 取消 and the submit button of the form it sits in. */
export function FormFooter({ cancelText, submitText, saving, onCancel, testIds }: FormFooterProps) {
  return (
    <Card variant="borderless" size="small" style={{ position: 'sticky', bottom: 0, zIndex: 10, boxShadow: '0 -2px 8px rgba(0,0,0,.06)' }}>
      <Flex justify="flex-end" gap={12}>
        <Button onClick={onCancel} data-testid={testIds.cancel}>
          {cancelText}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={testIds.submit}>
          {submitText}
        </Button>
      </Flex>
    </Card>
  );
}

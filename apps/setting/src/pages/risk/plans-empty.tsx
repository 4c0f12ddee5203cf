// The first-time state of a plan tab: what such a plan does and a button to create one.
import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';

export function PlansEmpty({ icon, title, hint, to, action }: { icon: ReactNode; title: string; hint: string; to: string; action: string }) {
  return (
    <Flex vertical align="center" gap={10} style={{ padding: '40px 24px 48px' }} data-testid="plans-empty">
      <Flex align="center" justify="center" style={{ width: 64, height: 64, borderRadius: 16, background: '#e6f4ff', fontSize: 32, color: '#1677ff' }}>
        {icon}
      </Flex>
      <Typography.Title level={5} style={{ margin: '6px 0 0' }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ maxWidth: 480, textAlign: 'center' }}>
        {hint}
      </Typography.Text>
      <Link to={to}>
        <Button type="primary" icon={<PlusOutlined />} style={{ marginTop: 6 }}>
          {action}
        </Button>
      </Link>
    </Flex>
  );
}

// The portal's frame: a top bar (brand, the distributor's name, 退出登录) and a side menu of its four pages.
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PORTAL_LOGIN, removePortalToken } from './api/client';
import { useDistributorInfo } from './api/get-info';
import { portalLogout } from './api/login';
import { T } from './texts';

const ITEMS = [
  { key: '/distributor/customers', label: T.menu.customers },
  { key: '/distributor/promotion', label: T.menu.promotion },
  { key: '/distributor/recharges', label: T.menu.recharges },
  { key: '/distributor/seats', label: T.menu.seats },
];

export function PortalLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const info = useDistributorInfo();
  const logout = async () => {
    await portalLogout().catch(() => undefined);
    removePortalToken();
    client.clear();
    navigate(PORTAL_LOGIN, { replace: true });
  };
  return (
    <Layout className="portal" data-testid="portal-layout">
      <Layout.Header className="portal-header">
        <span className="portal-brand">{T.brand}</span>
        <Space>
          <Typography.Text className="portal-name" data-testid="portal-name">
            {info.data ? `${info.data.name}（${info.data.phone}）` : null}
          </Typography.Text>
          <Button type="link" onClick={() => void logout()} data-testid="portal-logout">
            {T.logout}
          </Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={180} theme="light" breakpoint="md" collapsedWidth={0}>
          <Menu mode="inline" selectedKeys={[pathname]} items={ITEMS} onClick={({ key }) => navigate(key)} data-testid="portal-menu" />
        </Layout.Sider>
        <Layout.Content className="portal-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

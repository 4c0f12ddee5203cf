// The user menu: account settings, enterprise accounts (main accounts only), log out.
import { ApartmentOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useStore } from '@scrm/web-kit';
import { logout } from '../../session';
import { T } from '../../texts';

export function UserMenu({ compact }: { compact: boolean }) {
  const user = useStore('userInfo');
  const navigate = useNavigate();
  const name = user.nickname || user.account || user.phone || T.layout.myAccount;
  const items: MenuProps['items'] = [
    { key: 'setting', icon: <UserOutlined />, label: T.layout.accountSetting },
    ...(user.isChild ? [] : [{ key: 'qw', icon: <ApartmentOutlined />, label: T.layout.workSpaces }]),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: T.layout.logout },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'setting') navigate('/user/setting');
    else if (key === 'qw') navigate('/qw/list');
    else if (key === 'logout') void logout();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="scrm-user-trigger" data-testid="user-menu" aria-label={T.layout.userMenu(name)}>
        <span className="scrm-user-avatar" aria-hidden>
          {name.slice(0, 1)}
        </span>
        {compact ? null : <span className="scrm-user-name">{name}</span>}
        <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
      </button>
    </Dropdown>
  );
}

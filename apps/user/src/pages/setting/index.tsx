// 账号设置: the account's information, its name and nickname, and its password.
import { Flex } from 'antd';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { AccountInfo } from './account-info';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export default function UserSettingPage() {
  const user = useStore('userInfo');
  return (
    <PageFrame bare>
      <Flex vertical gap={16}>
        <AccountInfo user={user} />
        <Flex gap={16} wrap align="stretch">
          <div style={{ flex: '1 1 420px' }}>
            {/* Re-mounted when the stored account changes, so the fields start from it. */}
            <ProfileForm key={`${user.id}:${user.account}:${user.nickname}`} user={user} />
          </div>
          <div style={{ flex: '1 1 420px' }}>
            <PasswordForm />
          </div>
        </Flex>
      </Flex>
    </PageFrame>
  );
}

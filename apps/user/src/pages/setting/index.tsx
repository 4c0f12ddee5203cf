// 用户中心 /user/setting: the account's information; its name and nickname; its phone (an SMS code to the
// new number); its password; the bound official account (main accounts); and its login devices.
import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { AccountInfo } from './account-info';
import { GzhBindCard } from './gzh-bind-card';
import { PasswordForm } from './password-form';
import { PhoneForm } from './phone-form';
import { ProfileForm } from './profile-form';
import { SessionsCard } from './sessions-card';

/** Two cards side by side, one above the other below 860 px. */
const Pair = ({ children }: { children: ReactNode[] }) => (
  <Flex gap={16} wrap align="stretch">
    {children.filter((child) => child != null).map((child, i) => (
      <div key={i} style={{ flex: '1 1 420px', minWidth: 0 }}>
        {child}
      </div>
    ))}
  </Flex>
);

export default function UserSettingPage() {
  const user = useStore('userInfo');
  return (
    <PageFrame bare>
      <Flex vertical gap={16}>
        <AccountInfo user={user} />
        <Pair>
          {/* Re-mounted when the stored account changes, so the fields start from it. */}
          <ProfileForm key={`${user.id}:${user.account}:${user.nickname}`} user={user} />
          <PhoneForm user={user} />
        </Pair>
        <Pair>
          <PasswordForm />
          {user.isChild ? null : <GzhBindCard user={user} />}
        </Pair>
        <SessionsCard />
      </Flex>
    </PageFrame>
  );
}

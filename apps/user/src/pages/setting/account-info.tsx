import { Card, Descriptions, Tag } from 'antd';
import type { UserInfo } from '@scrm/web-kit';
import { T } from '../../texts';

export function AccountInfo({ user }: { user: UserInfo }) {
  return (
    <Card title={T.infoTitle} variant="borderless" data-testid="account-info">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'account', label: T.account, children: user.account || T.empty },
          { key: 'nickname', label: T.nickname, children: user.nickname || T.empty },
          { key: 'phone', label: T.phone, children: user.phone || T.empty },
          { key: 'type', label: T.accountType, children: user.isChild ? T.childAccount : T.mainAccount },
          // A child account binds no official account (spec §6): no row for it.
          ...(user.isChild
            ? []
            : [{ key: 'gzh', label: T.gzh, children: user.isBindGzh ? <Tag color="success">{T.gzhBound}</Tag> : <Tag>{T.gzhUnbound}</Tag> }]),
        ]}
      />
    </Card>
  );
}

// The three connection checks of a work space as tags.
import { Flex, Tag } from 'antd';
import type { ConnectionStatus } from '@scrm/contracts/qw';
import { T } from '../texts';

export function StatusBadges({ status }: { status: ConnectionStatus }) {
  return (
    <Flex gap={4} wrap data-testid="status-badges">
      <Tag color={status.tokenOk ? 'success' : 'error'}>{status.tokenOk ? T.tokenOk : T.tokenBad}</Tag>
      <Tag color={status.callbackVerified ? 'success' : 'default'}>{status.callbackVerified ? T.callbackOk : T.callbackNo}</Tag>
      <Tag color={status.contactPermission ? 'success' : 'default'}>{status.contactPermission ? T.contactOk : T.contactNo}</Tag>
    </Flex>
  );
}

// One connected corp: name, access type, corp, status badges, sync progress and actions.
import { Button, Card, Descriptions, Popconfirm, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { ACCESS_TYPE_LABEL } from '@scrm/contracts/workspace';
import { StatusBadges } from '../../components/status-badges';
import { SyncState } from '../../components/sync-state';
import { LT, T } from '../../texts';

export function WorkSpaceCard(props: { info: WorkSpaceInfo; onSync: () => void; onDelete: () => Promise<void> }) {
  const { info } = props;
  const navigate = useNavigate();
  return (
    <Card
      data-testid="work-space-card"
      title={
        <Space>
          {info.nickname}
          <Tag color="blue">{ACCESS_TYPE_LABEL[info.accessType]}</Tag>
        </Space>
      }
      actions={[
        <Button key="sync" type="link" onClick={props.onSync} disabled={info.sync.status === 'running'}>
          {T.sync}
        </Button>,
        <Button key="edit" type="link" onClick={() => navigate(`/qw/edit?id=${info.id}`)}>
          {T.edit}
        </Button>,
        ...(info.accessType === 'third' || info.accessType === 'replace'
          ? [
              <Button key="licence" type="link" onClick={() => navigate(`/qw/edit?id=${info.id}&tab=licence`)}>
                {LT.tab}
              </Button>,
            ]
          : []),
        <Popconfirm key="delete" title={T.deleteConfirm} okText={T.delete} okButtonProps={{ danger: true }} cancelText="取消" onConfirm={props.onDelete}>
          <Button type="link" danger>
            {T.delete}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Descriptions column={1} size="small">
        {info.corpName ? <Descriptions.Item label={T.corpName}>{info.corpName}</Descriptions.Item> : null}
        <Descriptions.Item label={T.corpId}>{info.corpId}</Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" style={{ width: '100%' }}>
        <StatusBadges status={info.status} />
        <SyncState sync={info.sync} />
      </Space>
    </Card>
  );
}

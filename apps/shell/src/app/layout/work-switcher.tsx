// Switches between connected enterprise accounts (work spaces); choosing one saves it and reloads.
import { Select, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { WorkSpaceItem } from '@scrm/contracts/workspace';
import { setWorkId, useStore, workSpaceLabel } from '@scrm/web-kit';
import { T } from '../../texts';

export interface WorkSwitcherProps {
  list: WorkSpaceItem[];
  loading: boolean;
  compact: boolean;
}

export function WorkSwitcher({ list, loading, compact }: WorkSwitcherProps) {
  const workId = useStore('workId');
  const user = useStore('userInfo');
  const width = compact ? 150 : 220;

  if (!loading && list.length === 0) {
    return (
      <Space data-testid="work-switcher" size={12}>
        <Select disabled placeholder={T.layout.noWorkSpace} style={{ width }} />
        {user.isChild ? null : (
          <Link to="/qw/list?method=create" data-testid="connect-work">
            {T.layout.connectWeCom}
          </Link>
        )}
      </Space>
    );
  }

  return (
    <div data-testid="work-switcher">
      <Select
        aria-label={T.layout.switchWorkSpace}
        style={{ width }}
        loading={loading}
        placeholder={T.layout.chooseWorkSpace}
        value={workId && list.some((item) => item.id === workId) ? workId : undefined}
        options={list.map((item) => ({ value: item.id, label: workSpaceLabel(item, list) }))}
        optionRender={(option) => <Typography.Text ellipsis>{option.label}</Typography.Text>}
        popupMatchSelectWidth={false}
        onChange={(id: number) => {
          setWorkId(id);
          window.location.reload();
        }}
      />
    </div>
  );
}

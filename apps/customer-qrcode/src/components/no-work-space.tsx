// With no work space chosen: connect WeCom first (every page of this app needs one).
import { Button, Empty } from 'antd';
import { Link } from 'react-router-dom';
import { PageFrame } from '@scrm/web-kit/ui';
import { T } from '../texts';

export function NoWorkSpace({ title }: { title?: string }) {
  return (
    <PageFrame title={title}>
      <Empty description={<>{T.noWork}<br />{T.noWorkHint}</>} data-testid="no-work-space">
        <Link to="/qw/list?method=create">
          <Button type="primary">{T.connect}</Button>
        </Link>
      </Empty>
    </PageFrame>
  );
}

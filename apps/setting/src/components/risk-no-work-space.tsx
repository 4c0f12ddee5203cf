// The 风控 pages with no work space chosen: connect WeCom first.
import { Button, Empty } from 'antd';
import { Link } from 'react-router-dom';
import { PageFrame } from '@scrm/web-kit/ui';
import { RISK as T } from '../texts';

export function RiskNoWorkSpace({ title = T.title }: { title?: string }) {
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

// A page that needs a work space when none is chosen: connect WeCom first.
import { Button, Empty } from 'antd';
import { Link } from 'react-router-dom';
import { PageFrame } from '@scrm/web-kit/ui';
import { T } from './texts';

export interface NoWorkSpaceProps {
  /** Page title (default: the menu's). */
  title?: string;
  /** What connecting makes possible on this page. */
  hint: string;
}

export function NoWorkSpace({ title, hint }: NoWorkSpaceProps) {
  return (
    <PageFrame title={title}>
      <Empty description={<>{T.noWork}<br />{hint}</>} data-testid="no-work-space">
        <Link to="/qw/list?method=create">
          <Button type="primary">{T.connect}</Button>
        </Link>
      </Empty>
    </PageFrame>
  );
}

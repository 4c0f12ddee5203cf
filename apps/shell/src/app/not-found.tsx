import { Button, Result } from 'antd';
import { NOT_FOUND_TEXT } from './sub-app-runtime';
import { T } from '../texts';

/** An unknown sub-app or an unknown page inside one. */
export function NotFound() {
  return (
    <Result
      status="404"
      title={NOT_FOUND_TEXT}
      subTitle={T.page.notFoundHint}
      extra={
        <Button type="primary" href="#/">
          {T.page.backHome}
        </Button>
      }
    />
  );
}

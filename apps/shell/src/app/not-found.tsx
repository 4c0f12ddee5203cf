import { Button, Result } from 'antd';
import { NOT_FOUND_TEXT } from './sub-app-runtime';

/** An unknown sub-app or an unknown page inside one. */
export function NotFound() {
  return (
    <Result
      status="404"
      title={NOT_FOUND_TEXT}
      subTitle="页面不存在，请检查地址是否正确"
      extra={
        <Button type="primary" href="#/">
          返回首页
        </Button>
      }
    />
  );
}

import { Result } from 'antd';
import { NO_AUTH_TEXT } from '@scrm/web-kit';
import { T } from '../texts';

/** What a page shows when none of its auth keys is granted (spec §6: "No Auth"). */
export function NoAuth() {
  return <Result status="403" title={NO_AUTH_TEXT} subTitle={T.page.noAuthHint} />;
}

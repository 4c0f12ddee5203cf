// 消息通知设置 (/notice/setting): recipients bound by scan and their classes, the classes' sending,
// the log of every message, and SMS credits (docs/notify.md).
import { Tabs } from 'antd';
import { PageFrame } from '@scrm/web-kit/ui';
import { T } from '../../texts';
import { Classes } from './classes';
import { Credits } from './credits';
import { Messages } from './messages';
import { Recipients } from './recipients';

export default function NoticeSettingPage() {
  return (
    <PageFrame title={T.title}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'recipients', label: T.tabs.recipients, children: <Recipients /> },
          { key: 'classes', label: T.tabs.classes, children: <Classes /> },
          { key: 'messages', label: T.tabs.messages, children: <Messages /> },
          { key: 'credits', label: T.tabs.credits, children: <Credits /> },
        ]}
      />
    </PageFrame>
  );
}

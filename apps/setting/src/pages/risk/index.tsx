// 风控管理: three tabs — the record of every automatic switch (with one-click restore), cron plans
// (定时上下线) and member limit plans (成员加好友上限). The tab lives in the URL (?tab=cron|limit).
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { RiskRecords } from '../../components/risk-records';
import { RISK as T } from '../../texts';
import { CronPlansTab } from './cron-plans-tab';
import { LimitPlansTab } from './limit-plans-tab';
import { NoWorkSpace } from '@scrm/web-parts';

type TabKey = 'records' | 'cron' | 'limit';
const TABS: TabKey[] = ['records', 'cron', 'limit'];

function Risk({ workId }: { workId: number }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as TabKey | null;
  const tab: TabKey = raw && TABS.includes(raw) ? raw : 'records';
  return (
    <PageFrame title={T.title} bare>
      <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'records' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          data-testid="risk-tabs"
          items={[
            { key: 'records', label: T.tabs.records, children: <RiskRecords key={workId} filters /> },
            { key: 'cron', label: T.tabs.cron, children: <CronPlansTab key={workId} workId={workId} /> },
            { key: 'limit', label: T.tabs.limit, children: <LimitPlansTab key={workId} workId={workId} /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}

export default function RiskPage() {
  const workId = useStore('workId');
  return workId ? <Risk key={workId} workId={workId} /> : <NoWorkSpace hint={T.noWorkHint} />;
}

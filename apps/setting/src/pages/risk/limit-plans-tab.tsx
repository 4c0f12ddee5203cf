// 成员加好友上限 tab: the member limit plans with their members, rules, how many they hold offline now
// and an enable switch.
import { UserSwitchOutlined } from '@ant-design/icons';
import type { LimitPlan } from '@scrm/contracts/risk';
import { useLimitPlans } from '../../api/list-limit-plans';
import { LimitRules, LimitState } from '../../components/limit-rules';
import { RISK as T } from '../../texts';
import { PlansTab } from './plans-tab';

export function LimitPlansTab({ workId }: { workId: number }) {
  return (
    <PlansTab<LimitPlan>
      kind="limit"
      workId={workId}
      icon={<UserSwitchOutlined />}
      usePlans={useLimitPlans}
      allWhenEmpty
      columns={[
        { title: T.plan.col.rules, key: 'rules', width: 280, render: (_, p) => <LimitRules plan={p} /> },
        { title: T.plan.col.state, key: 'state', width: 130, render: (_, p) => <LimitState plan={p} testId="limit-offline-now" /> },
      ]}
    />
  );
}

// 定时上下线 tab: the cron plans with their members, hours, state now and an enable switch.
import { Flex, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { describeSchedule } from '@scrm/contracts/china-time';
import type { CronPlan } from '@scrm/contracts/risk';
import { useCronPlans } from '../../api/list-cron-plans';
import { CronState } from '../../components/cron-state';
import { RISK as T } from '../../texts';
import { PlansTab } from './plans-tab';

export function CronPlansTab({ workId }: { workId: number }) {
  return (
    <PlansTab<CronPlan>
      kind="cron"
      workId={workId}
      icon={<ClockCircleOutlined />}
      usePlans={useCronPlans}
      columns={[
        {
          title: T.plan.col.schedule,
          key: 'schedule',
          width: 220,
          render: (_, p) => (
            <Flex vertical>
              {p.schedule.map((rule, i) => (
                <Typography.Text key={i} style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
                  {describeSchedule([rule])}
                </Typography.Text>
              ))}
            </Flex>
          ),
        },
        { title: T.plan.col.state, key: 'state', width: 190, render: (_, p) => <CronState plan={p} /> },
      ]}
    />
  );
}

// 客户群详情 (/outer-group/detail?id=<chat_id>): the group's owner and figures, its members (type, join
// time, join scene, inviter) and the joins and quits of the last 30 days as paired bars.
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router-dom';
import type { GroupDay, GroupMemberRow } from '@scrm/contracts/group';
import { customerDetailPath, isNotFound, LoadAlert, NoWorkSpace, formatTime } from '@scrm/web-parts';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { useGroupDetail } from '../../api/get-group-detail';
import { DETAIL as T } from '../../texts';

const LIST_PATH = '/outer-group/list';
const JOIN_COLOR = '#52c41a';
const QUIT_COLOR = '#fa8c16';
const BAR_HEIGHT = 120;
/** The two cards side by side take the height of the taller. */
const CARD_STYLE = { marginBottom: 16, height: 'calc(100% - 16px)' };

/** Joins above the axis and quits below, one column per day (antd and CSS only: 30 points need no chart library). */
export function JoinQuitBars({ days }: { days: GroupDay[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.joins, d.quits)));
  if (!days.some((d) => d.joins || d.quits)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.trendEmpty} data-testid="trend-empty" />;
  const bar = (n: number, color: string, up: boolean) => (
    <div style={{ height: BAR_HEIGHT / 2, display: 'flex', alignItems: up ? 'flex-end' : 'flex-start', justifyContent: 'center' }}>
      {n ? <div style={{ width: '70%', height: `${(n / max) * 100}%`, minHeight: 2, background: color, borderRadius: up ? '2px 2px 0 0' : '0 0 2px 2px' }} /> : null}
    </div>
  );
  return (
    <div data-testid="trend">
      <Flex gap={12} style={{ marginBottom: 8, fontSize: 12 }}>
        <span>
          <span style={{ display: 'inline-block', width: 10, height: 10, background: JOIN_COLOR, marginInlineEnd: 4, borderRadius: 2 }} />
          {T.joins}
        </span>
        <span>
          <span style={{ display: 'inline-block', width: 10, height: 10, background: QUIT_COLOR, marginInlineEnd: 4, borderRadius: 2 }} />
          {T.quits}
        </span>
      </Flex>
      <Flex>
        {days.map((d) => (
          <Tooltip key={d.day} title={`${d.day}　${T.joins} ${d.joins}　${T.quits} ${d.quits}`}>
            <div style={{ flex: 1, minWidth: 0 }} data-testid="trend-day" data-day={d.day} data-joins={d.joins} data-quits={d.quits}>
              {bar(d.joins, JOIN_COLOR, true)}
              <div style={{ borderTop: '1px solid #d9d9d9' }} />
              {bar(d.quits, QUIT_COLOR, false)}
            </div>
          </Tooltip>
        ))}
      </Flex>
      <Flex justify="space-between" style={{ fontSize: 12, color: '#8c8c8c', marginTop: 4 }}>
        <span>{days[0]?.day.slice(5)}</span>
        <span>{days.at(-1)?.day.slice(5)}</span>
      </Flex>
    </div>
  );
}

function Detail({ workId, chatId }: { workId: number; chatId: string }) {
  const detail = useGroupDetail(workId, chatId);
  const back = (
    <Link to={LIST_PATH}>
      <Button>{T.back}</Button>
    </Link>
  );
  if (detail.isError && isNotFound(detail.error)) {
    return (
      <PageFrame title={T.title}>
        <Result status="404" title={T.notFound} subTitle={T.notFoundHint} extra={back} data-testid="group-not-found" />
      </PageFrame>
    );
  }
  if (detail.isError) {
    return (
      <PageFrame title={T.title}>
        <LoadAlert error={detail.error} onRetry={() => detail.refetch()} data-testid="group-error" />
      </PageFrame>
    );
  }
  if (!detail.data) {
    return (
      <PageFrame title={T.title}>
        <Skeleton active paragraph={{ rows: 6 }} data-testid="group-loading" />
      </PageFrame>
    );
  }
  const { group, members, trend } = detail.data;
  const columns: ColumnsType<GroupMemberRow> = [
    {
      title: T.col.name,
      dataIndex: 'name',
      // A customer opens their record (the member list is where an operator meets them).
      render: (v: string, m) =>
        m.type === 2 ? (
          <Link to={customerDetailPath(m.id)} data-testid="member-name">
            {v}
          </Link>
        ) : (
          <span data-testid="member-name">{v}</span>
        ),
    },
    { title: T.col.type, dataIndex: 'type', width: 80, render: (v: number) => <Tag color={v === 2 ? 'blue' : 'default'}>{T.type[v]}</Tag> },
    { title: T.col.joinTime, dataIndex: 'joinTime', width: 170, render: (v: number) => formatTime(v) },
    { title: T.col.joinScene, dataIndex: 'joinSceneText', width: 150, render: (v: string) => <span data-testid="member-scene">{v}</span> },
    { title: T.col.invitor, dataIndex: 'invitorName', width: 120, render: (v: string) => v || '—' },
  ];
  return (
    <PageFrame title={group.name || T.title} extra={back} bare>
      <Row gutter={16} align="stretch">
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={T.info} style={CARD_STYLE}>
            <Descriptions column={2} size="small" data-testid="group-info">
              <Descriptions.Item label={T.owner}>{group.ownerName}</Descriptions.Item>
              <Descriptions.Item label={T.createTime}>{formatTime(group.createTime)}</Descriptions.Item>
              <Descriptions.Item label={T.members}>{group.memberCount}</Descriptions.Item>
              <Descriptions.Item label={`${T.customers} / ${T.staff}`}>
                {group.customerCount} / {group.staffCount}
              </Descriptions.Item>
              <Descriptions.Item label={T.todayJoins}>
                <span data-testid="detail-joins">{group.todayJoins}</span>
              </Descriptions.Item>
              <Descriptions.Item label={T.todayQuits}>
                <span data-testid="detail-quits">{group.todayQuits}</span>
              </Descriptions.Item>
              <Descriptions.Item label={T.notice} span={2}>
                <Typography.Text type={group.notice ? undefined : 'secondary'}>{group.notice || T.noNotice}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={T.trend} style={CARD_STYLE}>
            <JoinQuitBars days={trend} />
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title={T.memberList} extra={<Typography.Text type="secondary">{T.memberCount(members.length)}</Typography.Text>}>
        <Table<GroupMemberRow> rowKey="id" size="middle" columns={columns} dataSource={members} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="member-table" />
      </Card>
    </PageFrame>
  );
}

export default function OuterGroupDetailPage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const chatId = params.get('id') ?? '';
  if (!workId) return <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
  if (!chatId) {
    return (
      <PageFrame title={T.title}>
        <Result status="404" title={T.notFound} extra={<Link to={LIST_PATH}><Button>{T.back}</Button></Link>} data-testid="group-not-found" />
      </PageFrame>
    );
  }
  return <Detail key={`${workId}:${chatId}`} workId={workId} chatId={chatId} />;
}

// The cards of a customer's record: profile, sources (adds through our codes), follow members,
// groups joined and the timeline.
import { useState, type ReactNode } from 'react';
import { Avatar, Button, Card, Descriptions, Empty, Flex, List, Space, Table, Tag, Timeline, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, ManOutlined, SendOutlined, SwapOutlined, MessageOutlined, TagOutlined, TeamOutlined, UserAddOutlined, UserDeleteOutlined, WomanOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useCan } from '@scrm/web-kit';
import {
  ADD_WAY_LABEL,
  GENDER_LABEL,
  JOIN_SCENE_LABEL,
  SOURCE_KIND_LABEL,
  type CustomerDetail,
  type CustomerFollow,
  type CustomerGroup,
  type CustomerSource,
  type CustomerTag,
  type SourceKind,
  type TimelineEntry,
  type TimelineKind,
  type TimelineLevel,
} from '@scrm/contracts/customer';
import { WelcomeStatusTag, formatTime } from '@scrm/web-parts';
import { DETAIL as T } from '../../texts';
import { RemarkModal, TagsModal } from './edit-modals';

const KIND_COLOR: Record<SourceKind, string> = { channel: 'blue', staff: 'cyan', lead: 'purple' };
const LEVEL_COLOR: Record<TimelineLevel, string> = { info: '#1677ff', success: '#52c41a', warning: '#fa8c16', error: '#ff4d4f' };
const KIND_ICON: Record<TimelineKind, ReactNode> = {
  add: <UserAddOutlined />,
  welcome: <MessageOutlined />,
  tag: <TagOutlined />,
  remark: <EditOutlined />,
  push: <SendOutlined />,
  transfer: <SwapOutlined />,
  delete: <UserDeleteOutlined />,
  group: <TeamOutlined />,
};

/** Where a source's code opens: a lead's batch for one-customer-one-code. */
export function codeDetailPath(s: Pick<CustomerSource, 'kind' | 'contactWayId' | 'batchId'>): string | null {
  if (s.kind === 'channel') return `/channel-qrcode/detail?id=${s.contactWayId}`;
  if (s.kind === 'staff') return `/staff-qrcode/detail?id=${s.contactWayId}`;
  return s.batchId ? `/customer-qrcode/detail?id=${s.batchId}` : null;
}

const Secondary = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {children}
  </Typography.Text>
);

const cardStyle = { marginBottom: 16 };

// ---------------------------------------------------------------- profile

export function ProfileCard({ d }: { d: CustomerDetail }) {
  // As in WeCom: a member keeps a customer who deleted them, until the member deletes the customer too.
  const live = d.follows.filter((f) => f.deletedAt === null);
  const firstAdded = d.follows.length ? Math.min(...d.follows.map((f) => f.createdAt)) : null;
  const inGroups = d.groups.filter((g) => g.leftAt === null).length;
  const wecom = d.type === 2;
  // Sources come newest first; the customer came through the oldest.
  const first = d.sources.at(-1);
  return (
    <Card variant="borderless" style={cardStyle} data-testid="customer-profile">
      <Flex gap={20} align="center" wrap>
        <Avatar size={64} src={d.avatar || undefined} style={{ flex: 'none', fontSize: 28 }}>
          {d.name.slice(0, 1)}
        </Avatar>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Space size={8} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-name">
              {d.name || d.externalUserid}
            </Typography.Title>
            {wecom ? (
              <Typography.Text style={{ color: '#fa8c16' }}>@{d.corpName || T.wecom}</Typography.Text>
            ) : (
              <Typography.Text style={{ color: '#52c41a' }}>@{T.wechat}</Typography.Text>
            )}
            {d.gender === 1 ? <ManOutlined style={{ color: '#1677ff' }} aria-label={GENDER_LABEL[1]} /> : null}
            {d.gender === 2 ? <WomanOutlined style={{ color: '#eb2f96' }} aria-label={GENDER_LABEL[2]} /> : null}
          </Space>
          {first ? (
            <Space size={4} wrap>
              <Typography.Text type="secondary">{T.firstSource}</Typography.Text>
              <Tag color={KIND_COLOR[first.kind]} style={{ marginInlineEnd: 0 }}>
                {SOURCE_KIND_LABEL[first.kind]}
              </Tag>
              <Typography.Text>{first.codeName}</Typography.Text>
            </Space>
          ) : null}
        </Flex>
      </Flex>
      <Descriptions
        size="small"
        style={{ marginTop: 16 }}
        column={{ xs: 1, sm: 2, lg: 3, xxl: 6 }}
        items={[
          { key: 'gender', label: T.gender, children: GENDER_LABEL[d.gender] ?? GENDER_LABEL[0] },
          ...(wecom ? [{ key: 'corp', label: T.corp, children: d.corpName || T.none }] : []),
          { key: 'first', label: T.firstAdded, children: formatTime(firstAdded) },
          { key: 'follows', label: T.followCount, children: T.people(live.length) },
          { key: 'groups', label: T.groupCount, children: T.groupsN(inGroups) },
          {
            key: 'id',
            label: T.externalUserid,
            children: (
              <Typography.Text copyable={{ text: d.externalUserid }} ellipsis style={{ maxWidth: 220 }}>
                {d.externalUserid}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

// ---------------------------------------------------------------- sources

function RelationMarks({ byCustomer, byMember }: { byCustomer: number | null; byMember: number | null }) {
  const marks = [
    byCustomer !== null && { label: T.deletedByCustomer, at: byCustomer, color: 'orange' },
    byMember !== null && { label: T.deletedByMember, at: byMember, color: 'red' },
  ].filter((m): m is { label: string; at: number; color: string } => Boolean(m));
  if (!marks.length) return null;
  return (
    <>
      {marks.map((m) => (
        <Tooltip key={m.label} title={formatTime(m.at)}>
          <Tag color={m.color} data-testid="deleted-mark">
            {m.label}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}

function CodeName({ s }: { s: CustomerSource }) {
  const path = s.codeDeleted ? null : codeDetailPath(s);
  return (
    <Space size={4} wrap>
      <Tag color={KIND_COLOR[s.kind]} style={{ marginInlineEnd: 0 }}>
        {SOURCE_KIND_LABEL[s.kind]}
      </Tag>
      {path ? (
        <Link to={path} data-testid="source-code-link">
          {s.codeName}
        </Link>
      ) : (
        <Tooltip title={s.codeDeleted ? T.codeDeleted : undefined}>
          <Typography.Text type="secondary">{s.codeName}</Typography.Text>
        </Tooltip>
      )}
    </Space>
  );
}

function AppliedTags({ s }: { s: CustomerSource }) {
  if (s.tagStatus === 'pending') return <Tag color="processing">{T.tagPending}</Tag>;
  if (s.tagStatus === 'failed') return <Tag color="error">{T.tagFailed}</Tag>;
  if (!s.tagNames.length) return <Typography.Text type="secondary">{T.none}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {s.tagNames.map((name, i) => (
        <Tag key={`${name}-${i}`} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}

export function SourcesCard({ sources }: { sources: CustomerSource[] }) {
  const hasLead = sources.some((s) => s.kind === 'lead');
  const columns: ColumnsType<CustomerSource> = [
    { title: T.code, key: 'code', render: (_, s) => <CodeName s={s} /> },
    ...(hasLead ? [{ title: T.lead, key: 'lead', render: (_: unknown, s: CustomerSource) => s.leadName || T.none }] : []),
    { title: T.member, dataIndex: 'memberName', render: (v: string, s) => v || s.userid },
    { title: T.addedAt, dataIndex: 'addedAt', width: 170, render: (v: number) => formatTime(v) },
    { title: T.welcome, key: 'welcome', width: 100, render: (_, s) => <WelcomeStatusTag add={s} /> },
    { title: T.autoTags, key: 'tags', render: (_, s) => <AppliedTags s={s} /> },
    {
      title: T.relation,
      key: 'relation',
      width: 140,
      render: (_, s) =>
        s.deletedByCustomerAt === null && s.deletedByMemberAt === null ? (
          <Tag color="success">{T.normal}</Tag>
        ) : (
          <RelationMarks byCustomer={s.deletedByCustomerAt} byMember={s.deletedByMemberAt} />
        ),
    },
  ];
  return (
    <Card variant="borderless" style={cardStyle} title={T.sources} extra={<Secondary>{T.sourcesHint}</Secondary>} data-testid="customer-sources">
      <Table<CustomerSource>
        size="small"
        rowKey="addId"
        columns={columns}
        dataSource={sources}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.sourcesEmpty} /> }}
      />
    </Card>
  );
}

// ---------------------------------------------------------------- follow members

/** Tags under their group's name, in the order the server gives (the tag list's). */
function GroupedTags({ tags }: { tags: CustomerTag[] }) {
  if (!tags.length) return <Typography.Text type="secondary">{T.noTags}</Typography.Text>;
  const groups: Array<{ name: string; tags: CustomerTag[] }> = [];
  for (const t of tags) {
    const name = t.groupName || T.otherTags;
    const last = groups.at(-1);
    if (last && last.name === name) last.tags.push(t);
    else groups.push({ name, tags: [t] });
  }
  return (
    <Flex vertical gap={4}>
      {groups.map((g) => (
        <Flex key={g.name} gap={4} wrap align="center" data-testid="follow-tag-group">
          <Typography.Text type="secondary">{g.name}：</Typography.Text>
          {g.tags.map((t) => (
            <Tag key={t.id} color="blue" style={{ marginInlineEnd: 0 }}>
              {t.name}
            </Tag>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}

function FollowItem({ f, externalUserid }: { f: CustomerFollow; externalUserid: string }) {
  const gone = f.deletedAt !== null || f.deletedByCustomerAt !== null;
  const [editing, setEditing] = useState<'remark' | 'tags' | null>(null);
  // WeCom refuses edits on a relation the member deleted; the server refuses them without customer.manage.
  const editable = useCan('customer.manage') && f.deletedAt === null;
  return (
    <List.Item data-testid="follow-member">
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Space size={8} wrap>
            <Avatar size={32} src={f.memberAvatar || undefined} style={{ opacity: gone ? 0.5 : 1 }}>
              {f.memberName.slice(0, 1)}
            </Avatar>
            <Typography.Text strong>{f.memberName}</Typography.Text>
            <RelationMarks byCustomer={f.deletedByCustomerAt} byMember={f.deletedAt} />
          </Space>
          <Space size={4}>
            <Secondary>{T.addedOn(formatTime(f.createdAt))}</Secondary>
            {editable ? (
              <>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing('remark')} data-testid="edit-remark">
                  {T.editRemark}
                </Button>
                <Button type="link" size="small" icon={<TagOutlined />} onClick={() => setEditing('tags')} data-testid="edit-tags">
                  {T.editTags}
                </Button>
              </>
            ) : null}
          </Space>
        </Flex>
        <Descriptions
          size="small"
          column={1}
          styles={{ label: { width: 72 } }}
          items={[
            { key: 'remark', label: T.remark, children: f.remark || T.none },
            { key: 'description', label: T.description, children: f.description || T.none },
            ...(f.remarkMobiles.length ? [{ key: 'mobiles', label: T.remarkMobiles, children: f.remarkMobiles.join('、') }] : []),
            { key: 'way', label: T.addWay, children: ADD_WAY_LABEL[f.addWay] ?? ADD_WAY_LABEL[0] },
            { key: 'tags', label: T.tags, children: <GroupedTags tags={f.tags} /> },
          ]}
        />
      </Flex>
      {editing === 'remark' ? <RemarkModal externalUserid={externalUserid} follow={f} onClose={() => setEditing(null)} /> : null}
      {editing === 'tags' ? <TagsModal externalUserid={externalUserid} follow={f} onClose={() => setEditing(null)} /> : null}
    </List.Item>
  );
}

export function FollowsCard({ follows, externalUserid }: { follows: CustomerFollow[]; externalUserid: string }) {
  return (
    <Card variant="borderless" style={cardStyle} title={T.follows} extra={<Secondary>{T.people(follows.length)}</Secondary>} data-testid="customer-follows">
      <List
        dataSource={follows}
        rowKey="userid"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.followsEmpty} /> }}
        renderItem={(f) => <FollowItem f={f} externalUserid={externalUserid} />}
      />
    </Card>
  );
}

// ---------------------------------------------------------------- groups

export function GroupsCard({ groups }: { groups: CustomerGroup[] }) {
  return (
    <Card variant="borderless" style={cardStyle} title={T.groups} data-testid="customer-groups">
      <List
        size="small"
        dataSource={groups}
        rowKey="chatId"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.groupsEmpty} /> }}
        renderItem={(g) => (
          <List.Item data-testid="customer-group">
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong ellipsis>
                  {g.name}
                </Typography.Text>
                {g.leftAt !== null ? (
                  <Tooltip title={T.leftAt(formatTime(g.leftAt))}>
                    <Tag style={{ marginInlineEnd: 0 }}>{T.left}</Tag>
                  </Tooltip>
                ) : null}
              </Flex>
              <Secondary>
                {T.owner}：{g.ownerName || T.none}
                {JOIN_SCENE_LABEL[g.joinScene] ? ` · ${T.joinScene}：${JOIN_SCENE_LABEL[g.joinScene]}` : ''}
              </Secondary>
              <Secondary>
                {T.joinedAt}：{formatTime(g.joinedAt)}
              </Secondary>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

// ---------------------------------------------------------------- timeline

export function TimelineCard({ timeline }: { timeline: TimelineEntry[] }) {
  return (
    <Card variant="borderless" style={cardStyle} title={T.timeline} data-testid="customer-timeline">
      {timeline.length ? (
        <Timeline
          items={timeline.map((e, i) => ({
            key: `${e.at}-${i}`,
            color: LEVEL_COLOR[e.level],
            icon: <span style={{ color: LEVEL_COLOR[e.level], fontSize: 14 }}>{KIND_ICON[e.kind]}</span>,
            content: (
              <Flex vertical gap={2} data-testid="timeline-entry">
                <Typography.Text>{e.text}</Typography.Text>
                <Secondary>{formatTime(e.at)}</Secondary>
              </Flex>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.timelineEmpty} />
      )}
    </Card>
  );
}

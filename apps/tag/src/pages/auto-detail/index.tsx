// 自动标签详情: the rule (condition, tags, how many customers it tagged and when), the progress of its
// retroactive run (polled while it runs, with 重新补打), and the records: customer, member, tags, time and
// whether the tag came as an event arrived (自动) or from the run (补打).
import { useEffect, useRef, useState } from 'react';
import { Button, Card, Descriptions, Flex, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import {
  AUTO_TAG_RECORD_LABEL,
  AUTO_TAG_SOURCE_LABEL,
  type AutoTagRecord,
  type AutoTagRule,
  type AutoTagSource,
} from '@scrm/contracts/auto-tag';
import { formatTime, runAction, useCan } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { customerDetailPath, DetailPage, LoadedCard, retryUnlessNotFound } from '@scrm/web-parts';
import { useAutoTag } from '../../api/get-auto-tag';
import { useAutoTagRecords } from '../../api/list-auto-tag-records';
import { useRerunAutoTag } from '../../api/rerun-auto-tag';
import { RunProgress } from '../auto-shared/run-progress';
import { AT } from '../../texts';

const POLL_MS = 1_500;
const PAGE_SIZE = 20;
const STATUS_COLOR = { done: 'success', already: 'default', failed: 'error' } as const;

function Records({ workId, rule }: { workId: number; rule: AutoTagRule }) {
  const [source, setSource] = useState<AutoTagSource | 'all'>('all');
  const [page, setPage] = useState(1);
  const running = rule.run.status === 'running';
  const records = useAutoTagRecords(
    workId,
    { id: rule.id, page, pageSize: PAGE_SIZE, ...(source === 'all' ? {} : { source }) },
    { placeholderData: keepPreviousData, refetchInterval: running ? POLL_MS : false },
  );
  // The rule's figures moved (a run ended, an event tagged someone): the records follow.
  const { refetch } = records;
  const seen = useRef(`${rule.tagged}:${rule.run.status}:${rule.run.done}`);
  useEffect(() => {
    const now = `${rule.tagged}:${rule.run.status}:${rule.run.done}`;
    if (now === seen.current) return;
    seen.current = now;
    void refetch();
  }, [rule.tagged, rule.run.status, rule.run.done, refetch]);
  const columns: ColumnsType<AutoTagRecord> = [
    {
      title: AT.recordCol.customer,
      key: 'customer',
      render: (_, r) => (
        <Link to={customerDetailPath(r.externalUserid)} data-testid="record-customer">
          {r.customerName || r.externalUserid}
        </Link>
      ),
    },
    { title: AT.recordCol.member, dataIndex: 'memberName', width: 140 },
    {
      title: AT.recordCol.tags,
      key: 'tags',
      render: (_, r) => (
        <Flex gap={4} wrap>
          {r.tagNames.map((n) => (
            <Tag key={n} style={{ marginInlineEnd: 0 }}>
              {n}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: AT.recordCol.source,
      key: 'source',
      width: 90,
      render: (_, r) => <Tag color={r.source === 'auto' ? 'blue' : 'purple'}>{AUTO_TAG_SOURCE_LABEL[r.source]}</Tag>,
    },
    {
      title: AT.recordCol.status,
      key: 'status',
      width: 110,
      render: (_, r) => (
        <Tooltip title={r.error ?? undefined}>
          <Tag color={STATUS_COLOR[r.status]}>{AUTO_TAG_RECORD_LABEL[r.status]}</Tag>
        </Tooltip>
      ),
    },
    { title: AT.recordCol.at, key: 'at', width: 170, render: (_, r) => formatTime(r.at) },
  ];
  return (
    <Card
      variant="borderless"
      title={AT.recordsTitle}
      extra={
        <Segmented
          value={source}
          onChange={(v) => {
            setSource(v as AutoTagSource | 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: AT.sourceFilter.all },
            { value: 'auto', label: AT.sourceFilter.auto },
            { value: 'backfill', label: AT.sourceFilter.backfill },
          ]}
          data-testid="record-source"
        />
      }
    >
      <Table<AutoTagRecord>
        data-testid="record-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isPending}
        locale={{ emptyText: records.isPending ? <div style={{ height: 80 }} /> : AT.recordsEmpty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, showTotal: AT.total, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}

function Rule({ workId, rule }: { workId: number; rule: AutoTagRule }) {
  const navigate = useNavigate();
  const rerun = useRerunAutoTag(workId);
  const canManage = useCan('tag-auto.manage');
  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={rule.name}
        extra={
          canManage ? (
            <Button onClick={() => navigate(`/tag/auto/edit?id=${rule.id}`)} data-testid="rule-edit">
              {AT.edit}
            </Button>
          ) : null
        }
      >
        <Descriptions column={2} size="small">
          <Descriptions.Item label={AT.summary.condition} span={2}>
            <span data-testid="rule-condition">{rule.conditionText}</span>
          </Descriptions.Item>
          <Descriptions.Item label={AT.summary.tags} span={2}>
            <Flex gap={4} wrap>
              {rule.tags.map((t) => (
                <Tag key={t.id} color={t.deleted ? 'default' : 'blue'}>
                  {t.name}
                </Tag>
              ))}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={AT.summary.tagged}>
            <span data-testid="rule-tagged">{AT.taggedCount(rule.tagged)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={AT.summary.lastTagged}>{rule.lastTaggedAt ? formatTime(rule.lastTaggedAt) : AT.never}</Descriptions.Item>
          <Descriptions.Item label={AT.summary.status}>{rule.enabled ? AT.enabledOn : AT.enabledOff}</Descriptions.Item>
          <Descriptions.Item label={AT.summary.createdAt}>{formatTime(rule.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        variant="borderless"
        title={AT.runTitle}
        extra={
          canManage ? (
            <Tooltip title={AT.rerunHint}>
              <Button
                disabled={!rule.enabled || rule.run.status === 'running'}
                loading={rerun.isPending}
                onClick={() => void runAction(() => rerun.mutateAsync(rule.id), { success: AT.rerunStarted }).catch(() => undefined)}
                data-testid="rule-rerun"
              >
                {AT.rerun}
              </Button>
            </Tooltip>
          ) : null
        }
      >
        <Space>
          <RunProgress run={rule.run} full />
        </Space>
      </Card>
      <Records workId={workId} rule={rule} />
    </Flex>
  );
}

function Loaded({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const rule = useAutoTag(workId, id, {
    retry: retryUnlessNotFound,
    refetchInterval: (q) => (q.state.data?.run.status === 'running' ? POLL_MS : false),
  });
  return (
    <PageFrame title={AT.detailTitle} bare>
      <LoadedCard query={rule} notFound={AT.notFound} back={<Button onClick={() => navigate('/tag/auto/list')}>{AT.back}</Button>} testIds={{ notFound: 'rule-missing' }}>
        {/* LoadedCard hands over the first load; the poll's later data is read from the query. */}
        {(first) => <Rule workId={workId} rule={rule.data ?? first} />}
      </LoadedCard>
    </PageFrame>
  );
}

export default function TagAutoDetailPage() {
  const navigate = useNavigate();
  return (
    <DetailPage title={AT.detailTitle} noWorkHint={AT.noWorkHint} notFound={AT.notFound} back={<Button onClick={() => navigate('/tag/auto/list')}>{AT.back}</Button>} data-testid="rule-invalid">
      {(id, workId) => <Loaded id={id} workId={workId} />}
    </DetailPage>
  );
}

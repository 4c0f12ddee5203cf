// 渠道活码详情 (?id=): the QR and settings, today's figures, the members with their switches, and the
// data over a range (trend, members, retention, customers); refreshed every 10 s. A 401 here does not
// open the login modal: the shell decides that by path.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Skeleton, Space, Tabs, Tooltip } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { CODE_STATUS_LABEL, type ChannelCode, type CodeStatus } from '@scrm/contracts/contact-way';
import { useCan } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { DateRangeFilter, DetailPage, isNotFound, lastDays, LoadProblem, type DateRange } from '@scrm/web-parts';
import { useCode } from '../../api/get-code';
import { useCodeActions } from '../../components/code-actions';
import { REFRESH_MS } from '../../refresh';
import { T } from '../../texts';
import { CustomersTab } from './customers-tab';
import { MemberDataTab } from './member-data-tab';
import { MemberTable } from './member-table';
import { OverviewCard } from './overview-card';
import { RetentionTab } from './retention-tab';
import { SettingsCard } from './settings-card';
import { TrendTab } from './trend-tab';

const STATUS_BADGE: Record<CodeStatus, 'processing' | 'success' | 'error' | 'default'> = { creating: 'processing', active: 'success', failed: 'error', expired: 'default' };
/** The longest range the server answers. */
const MAX_DAYS = 366;

function Title({ code }: { code: ChannelCode }) {
  return (
    <Space size={12} align="center">
      <span data-testid="detail-name">{code.name}</span>
      <span style={{ fontSize: 14, fontWeight: 400 }}>
        <Badge status={STATUS_BADGE[code.status]} text={CODE_STATUS_LABEL[code.status]} data-testid="detail-status" />
        {code.error ? (
          <Tooltip title={code.error}>
            <ExclamationCircleFilled style={{ color: code.status === 'failed' ? '#ff4d4f' : '#faad14', marginInlineStart: 6 }} data-testid="detail-error" />
          </Tooltip>
        ) : null}
      </span>
    </Space>
  );
}

function DataTabs({ code, workId }: { code: ChannelCode; workId: number }) {
  const [tab, setTab] = useState('trend');
  const [range, setRange] = useState<DateRange>(() => lastDays(7));
  const props = { id: code.id, workId, range };
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 8 } }} data-testid="data-tabs">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        tabBarExtraContent={tab === 'customers' ? null : <DateRangeFilter value={range} onChange={setRange} maxDays={MAX_DAYS} />}
        items={[
          { key: 'trend', label: T.tabs.trend, children: <TrendTab {...props} /> },
          { key: 'members', label: T.tabs.members, children: <MemberDataTab {...props} /> },
          { key: 'retention', label: T.tabs.retention, children: <RetentionTab {...props} /> },
          { key: 'customers', label: T.tabs.customers, children: <CustomersTab id={code.id} workId={workId} members={code.members} /> },
        ]}
      />
    </Card>
  );
}

function Detail({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const actions = useCodeActions();
  const canManage = useCan('channel-qrcode.manage');
  const query = useCode(workId, id, { refetchInterval: (q) => (q.state.error ? false : REFRESH_MS) });
  const backLink = (
    <Link to="/channel-qrcode/list">
      <Button>{T.back}</Button>
    </Link>
  );

  if (query.isPending) {
    return (
      <PageFrame title={T.detailTitle} bare>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </PageFrame>
    );
  }
  // A code deleted while the page is open shows as missing; other failures keep the last data.
  if (query.isError && (isNotFound(query.error) || !query.data)) {
    return (
      <PageFrame title={T.detailTitle}>
        <LoadProblem error={query.error} onRetry={() => void query.refetch()} notFound={T.notFound} back={backLink} testIds={{ notFound: 'code-not-found', error: 'code-load-error' }} />
      </PageFrame>
    );
  }
  const code = query.data;
  return (
    <PageFrame
      title={<Title code={code} />}
      bare
      extra={
        <>
          {backLink}
          <Button icon={<DownloadOutlined />} disabled={!code.qrCode} onClick={() => void actions.download(code)} data-testid="detail-download">
            {T.download}
          </Button>
          {canManage ? (
            <>
              <Button danger icon={<DeleteOutlined />} onClick={() => void actions.remove(code).then((done) => done && navigate('/channel-qrcode/list'))} data-testid="detail-delete">
                {T.delete}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/channel-qrcode/create?id=${code.id}`)} data-testid="detail-edit">
                {T.edit}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {actions.holder}
      <Flex vertical gap={16}>
        {code.status === 'failed' ? (
          <Alert
            type="error"
            showIcon
            title={T.failedTitle}
            description={`${code.error ?? ''}${T.failedRetryHint}`}
            action={
              canManage ? (
                <Button size="small" onClick={() => navigate(`/channel-qrcode/create?id=${code.id}`)}>
                  {T.edit}
                </Button>
              ) : null
            }
            data-testid="detail-failed"
          />
        ) : null}
        <SettingsCard code={code} />
        <OverviewCard id={code.id} workId={workId} />
        <MemberTable id={code.id} workId={workId} distribution={code.distribution} />
        <DataTabs code={code} workId={workId} />
      </Flex>
    </PageFrame>
  );
}

export default function ChannelQrcodeDetailPage() {
  return (
    <DetailPage
      title={T.detailTitle}
      noWorkHint={T.noWorkHint}
      notFound={T.notFound}
      invalidHint={T.invalidId}
      back={
        <Link to="/channel-qrcode/list">
          <Button>{T.back}</Button>
        </Link>
      }
      data-testid="code-not-found"
    >
      {(id, workId) => <Detail id={id} workId={workId} />}
    </DetailPage>
  );
}

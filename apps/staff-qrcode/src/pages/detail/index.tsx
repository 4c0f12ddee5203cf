// 员工活码详情: the QR with download, the code's settings, overview figures, the daily chart over a
// chosen range, and the customers who added the member through it. (A 401 here does not pop the
// login modal: the shell decides that by path.)
import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Skeleton, Space, Statistic, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { StaffCode } from '@scrm/contracts/staff-code';
import { PageFrame } from '@scrm/web-kit/ui';
import { useCan } from '@scrm/web-kit';
import { CodeAdds, CodeEditDelete, DayTrendCard, DetailPage, formatTime, LoadAlert, LoadProblemPage, MemberAvatar, QrCard, retryUnlessNotFound, TagNames, WelcomeSummary } from '@scrm/web-parts';
import { downloadQrcode } from '../../api/download-qrcode';
import { useCode } from '../../api/get-code';
import { daySeriesQueryOptions } from '../../api/get-day-series';
import { useOverview } from '../../api/get-overview';
import { useCodeAdds } from '../../api/list-code-adds';
import { useCodeActions } from '../../components/code-actions';
import { CodeStatusBadge } from '../../components/code-status';
import { T } from '../../texts';

const REFRESH_MS = 15_000;

function Settings({ code }: { code: StaffCode }) {
  return (
    <Descriptions column={1} size="small" styles={{ label: { width: 140, color: 'rgba(0,0,0,.55)' } }} data-testid="code-settings">
      <Descriptions.Item label={T.member}>
        <MemberAvatar name={code.memberName} avatar={code.avatar} />
      </Descriptions.Item>
      <Descriptions.Item label={T.status}>
        <Space>
          <CodeStatusBadge status={code.status} error={code.error} />
          {code.status === 'failed' && code.error ? <Typography.Text type="danger">{code.error}</Typography.Text> : null}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={T.tags}>
        <TagNames names={code.tagNames} none={T.noTags} />
      </Descriptions.Item>
      <Descriptions.Item label={T.welcome}>
        <WelcomeSummary welcome={code.welcome} rows={4} none={T.noWelcome} />
      </Descriptions.Item>
      <Descriptions.Item label={T.skipVerify}>{code.skipVerify ? T.skipVerifyOn : T.skipVerifyOff}</Descriptions.Item>
      <Descriptions.Item label={T.createdAt}>{formatTime(code.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={T.state}>
        <Typography.Text copyable type="secondary" style={{ fontFamily: 'monospace' }}>
          {code.state}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

function Figures({ id, workId }: { id: number; workId: number }) {
  const overview = useOverview(workId, id, { refetchInterval: REFRESH_MS });
  const o = overview.data;
  const items = [
    { title: T.stat.addsToday, value: o?.addsToday },
    { title: T.stat.addsYesterday, value: o?.addsYesterday },
    { title: T.stat.addsTotal, value: o?.addsTotal },
    { title: <Space size={4}>{T.stat.lostTotal}<Tooltip title={T.lostHint}><QuestionCircleOutlined style={{ color: 'rgba(0,0,0,.45)' }} /></Tooltip></Space>, value: o?.lostTotal },
    { title: T.stat.netTotal, value: o?.netTotal },
  ];
  return (
    <Card variant="borderless" title={T.overview} data-testid="code-overview">
      {overview.isError && !o ? (
        <LoadAlert onRetry={() => overview.refetch()} small />
      ) : (
        <Flex gap={16} wrap>
          {items.map((item, i) => (
            <div key={i} style={{ flex: '1 1 140px' }}>
              <Statistic title={item.title} value={item.value ?? 0} loading={overview.isPending} />
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function Customers({ id, workId }: { id: number; workId: number }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const body = { id, page, pageSize };
  const adds = useCodeAdds(workId, body, { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  return (
    <Card variant="borderless" title={T.customers} data-testid="code-customers">
      <CodeAdds
        query={adds}
        small
        page={page}
        pageSize={pageSize}
        onPageChange={(p, s) => {
          setPage(p);
          setPageSize(s);
        }}
        hideMember
      />
    </Card>
  );
}

function Detail({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const { holder, remove, retry } = useCodeActions();
  const canManage = useCan('staff-qrcode.manage');
  const code = useCode(workId, id, {
    refetchInterval: (q) => (q.state.data?.status === 'creating' ? 2_000 : REFRESH_MS),
    retry: retryUnlessNotFound,
  });

  if (code.isError && !code.data) {
    const back = <Button onClick={() => navigate('/staff-qrcode/list')}>{T.back}</Button>;
    return <LoadProblemPage title={T.detailTitle} error={code.error} onRetry={() => void code.refetch()} notFound={T.notFound} back={back} testIds={{ notFound: 'code-missing' }} />;
  }
  const c = code.data;
  return (
    <PageFrame
      title={c ? c.name : T.detailTitle}
      bare
      extra={
        c && canManage ? (
          <>
            {c.status === 'failed' ? <Button onClick={() => retry([c.id])}>{T.retryCreate}</Button> : null}
            <CodeEditDelete
              creating={c.status === 'creating'}
              creatingHint={T.creatingCannotDelete}
              onEdit={() => navigate(`/staff-qrcode/create?id=${c.id}`)}
              onDelete={async () => {
                if (await remove([c])) navigate('/staff-qrcode/list');
              }}
            />
          </>
        ) : null
      }
    >
      {holder}
      <Flex vertical gap={16} data-testid="code-detail">
        <Card variant="borderless">
          {c ? (
            <Flex gap={32} wrap align="flex-start">
              <QrCard url={c.qrCode} name={c.name} download={() => downloadQrcode(c.id)} copyLink size={180} failedText={c.status === 'failed' ? (c.error ?? T.failedHint) : undefined} />
              <div style={{ flex: '1 1 420px', minWidth: 0 }}>
                <Settings code={c} />
              </div>
            </Flex>
          ) : (
            <Skeleton active avatar={{ shape: 'square', size: 160 }} paragraph={{ rows: 6 }} />
          )}
        </Card>
        {/* Read once the code is known to be there: a missing one says so once, not in every card. */}
        {c ? (
          <>
            <Figures id={id} workId={workId} />
            <DayTrendCard
              title={T.trend}
              rangeQuery={(range) => daySeriesQueryOptions(workId, { id, ...range })}
              refetchInterval={REFRESH_MS}
              data-testid="code-trend"
            />
            <Customers id={id} workId={workId} />
          </>
        ) : null}
      </Flex>
    </PageFrame>
  );
}

export default function StaffQrcodeDetailPage() {
  const navigate = useNavigate();
  return (
    <DetailPage title={T.detailTitle} noWorkHint={T.noWorkHint} notFound={T.notFound} back={<Button onClick={() => navigate('/staff-qrcode/list')}>{T.back}</Button>}>
      {(id, workId) => <Detail id={id} workId={workId} />}
    </DetailPage>
  );
}

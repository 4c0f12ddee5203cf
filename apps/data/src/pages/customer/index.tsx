// 好友分析 /data/customer: totals, the daily trend, members / codes / tags, retention and the export over
// a range of China days (at most 366), all read from the server's daily roll-ups.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Statistic, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { DATA_MAX_DAYS, type DataFigures, type DataRangeBody } from '@scrm/contracts/data';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { DateRangeFilter, EChart, LoadAlert, NoWorkSpace, RetentionTable, lastDays, type DateRange } from '@scrm/web-parts';
import { useTotals } from '../../api/get-totals';
import { useDaySeries } from '../../api/get-day-series';
import { useMemberFigures } from '../../api/get-member-figures';
import { useCodeFigures } from '../../api/get-code-figures';
import { useTagFigures } from '../../api/get-tag-figures';
import { useRetention } from '../../api/get-retention';
import { downloadFigures } from '../../api/export-figures';
import { LINES, barOption, lineOption } from '../../components/chart-options';
import { T } from '../../texts';

const TOP = 10;
/** Range presets 近7天 / 近30天 / 近90天. */
const PRESET_DAYS = [7, 30, 90];
type Dimension = 'member' | 'code' | 'tag';

function TotalsCards({ totals, loading }: { totals: DataFigures | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]} data-testid="data-totals">
      {LINES.map((l) => (
        <Col key={l.field} xs={12} lg={6}>
          <Card size="small" variant="borderless" data-testid={`data-total-${l.field}`}>
            <Statistic
              title={
                <Flex gap={4} align="center">
                  {T.cards[l.field]}
                  <Tooltip title={T.cardHints[l.field]}>
                    <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,.45)' }} />
                  </Tooltip>
                </Flex>
              }
              value={totals?.[l.field] ?? 0}
              loading={loading && !totals}
              styles={{ content: { color: l.color, fontWeight: 600 } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

interface RankRow extends DataFigures {
  id: string;
  name: string;
}

function Ranking({ workId, range }: { workId: number; range: DateRange }) {
  const [dim, setDim] = useState<Dimension>('member');
  const body = { ...range, limit: 50 };
  const members = useMemberFigures(workId, body, { enabled: dim === 'member' });
  const codes = useCodeFigures(workId, body, { enabled: dim === 'code' });
  const tags = useTagFigures(workId, body, { enabled: dim === 'tag' });
  const query = dim === 'member' ? members : dim === 'code' ? codes : tags;
  const rows: RankRow[] = useMemo(() => {
    if (dim === 'member') return (members.data?.list ?? []).map((r) => ({ ...r, id: r.userid }));
    if (dim === 'code') return (codes.data?.list ?? []).map((r) => ({ ...r, id: String(r.contactWayId) }));
    return (tags.data?.list ?? []).map((r) => ({ ...r, id: r.tagId }));
  }, [dim, members.data, codes.data, tags.data]);
  const option = useMemo(() => barOption(rows.slice(0, TOP)), [rows]);
  const columns: ColumnsType<RankRow> = [
    { title: T.columns[dim], dataIndex: 'name', ellipsis: true },
    ...LINES.map((l) => ({ title: T.columns[l.field], dataIndex: l.field, align: 'right' as const, width: 110 })),
  ];
  return (
    <Card
      title={T.ranking}
      variant="borderless"
      extra={
        <Segmented<Dimension>
          value={dim}
          onChange={setDim}
          options={[
            { value: 'member', label: T.byMember },
            { value: 'code', label: T.byCode },
            { value: 'tag', label: T.byTag },
          ]}
          data-testid="data-dimension"
        />
      }
    >
      {query.isError && !query.data ? (
        <LoadAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={10}>
            {rows.length ? (
              <EChart option={option} height={Math.max(200, 32 + Math.min(rows.length, TOP) * 30)} data-testid={`data-bars-${dim}`} />
            ) : (
              <Empty description={T.chartEmpty} />
            )}
          </Col>
          <Col xs={24} xl={14}>
            <Table<RankRow>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={rows}
              loading={query.isFetching && !query.data}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              data-testid={`data-table-${dim}`}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

function FriendAnalysis({ workId }: { workId: number }) {
  const [range, setRange] = useState<DateRange>(() => lastDays(7));
  const [exporting, setExporting] = useState(false);
  const body: DataRangeBody = range;
  const totals = useTotals(workId, body);
  const days = useDaySeries(workId, body);
  const retention = useRetention(workId, body);
  const lineOpt = useMemo(() => lineOption(days.data?.list ?? []), [days.data]);
  const t = totals.data;
  const empty = t !== undefined && t.adds + t.lostByMember + t.lostByCustomer === 0;

  const exportNow = async () => {
    setExporting(true);
    try {
      await downloadFigures(body);
    } catch {
      // postBlob has shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame
      title={T.title}
      bare
      extra={
        <>
          <DateRangeFilter value={range} onChange={setRange} maxDays={DATA_MAX_DAYS} presetDays={PRESET_DAYS} data-testid="data-range" />
          <Tooltip title={T.exportHint}>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportNow()} data-testid="data-export">
              {T.export}
            </Button>
          </Tooltip>
        </>
      }
    >
      <Flex vertical gap={16}>
        {t?.updating && <Alert type="info" showIcon title={T.updating} data-testid="data-updating" />}
        {totals.isError && !t ? <LoadAlert error={totals.error} onRetry={() => void totals.refetch()} /> : <TotalsCards totals={t} loading={totals.isPending} />}
        {empty ? (
          <Card variant="borderless">
            <Empty description={<>{T.empty}<br />{T.emptyHint}</>} data-testid="data-empty" />
          </Card>
        ) : (
          <>
            <Card title={T.trend} variant="borderless">
              {days.isError && !days.data ? (
                <LoadAlert error={days.error} onRetry={() => void days.refetch()} />
              ) : (
                <EChart option={lineOpt} height={320} data-testid="data-trend" />
              )}
            </Card>
            <Ranking workId={workId} range={range} />
            <Card
              title={
                <Flex gap={4} align="center">
                  {T.retention}
                  <Tooltip title={T.retentionHint}>
                    <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,.45)' }} />
                  </Tooltip>
                </Flex>
              }
              variant="borderless"
            >
              {retention.isError && !retention.data ? (
                <LoadAlert error={retention.error} onRetry={() => void retention.refetch()} />
              ) : (
                <RetentionTable list={retention.data?.list.filter((r) => r.adds > 0).reverse()} loading={retention.isPending} />
              )}
            </Card>
          </>
        )}
      </Flex>
    </PageFrame>
  );
}

export default function DataCustomerPage() {
  const workId = useStore('workId');
  return workId ? <FriendAnalysis key={workId} workId={workId} /> : <NoWorkSpace title={T.title} hint={T.noWorkHint} />;
}

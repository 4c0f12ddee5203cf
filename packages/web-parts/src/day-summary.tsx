// The totals of a DaySeries as four statistic cards.
import { Card, Col, Row, Statistic } from 'antd';
import type { DayFigures } from '@scrm/contracts/contact-way';
import { T } from './texts';

const ITEMS = [
  { field: 'adds', title: T.summary.adds, color: '#1677ff' },
  { field: 'net', title: T.summary.net, color: '#52c41a' },
  { field: 'lostByCustomer', title: T.summary.lostByCustomer, color: '#fa8c16' },
  { field: 'lostByMember', title: T.summary.lostByMember, color: '#ff4d4f' },
] as const satisfies readonly { field: keyof DayFigures; title: string; color: string }[];

export interface DaySummaryProps {
  /** `DaySeries.total`; undefined while loading. */
  total: DayFigures | undefined;
  loading?: boolean;
}

/** 添加客户 / 净增客户 / 客户删除成员 / 成员删除客户 over the range, as cards. */
export function DaySummary({ total, loading }: DaySummaryProps) {
  return (
    <Row gutter={[16, 16]} data-testid="day-summary">
      {ITEMS.map((item) => (
        <Col key={item.field} xs={12} lg={6}>
          <Card size="small" variant="borderless" style={{ background: '#fafafa' }} data-testid={`day-summary-${item.field}`}>
            <Statistic title={item.title} value={total?.[item.field] ?? 0} loading={loading && !total} styles={{ content: { color: item.color, fontWeight: 600 } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

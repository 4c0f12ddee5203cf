// Pieces the plan forms and detail pages share: a titled section card, the sticky save bar, and the
// states of loading a plan by ?id= (loading, missing, failed).
import type { ReactNode } from 'react';
import { Button, Card, Flex, Result, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { LoadedCard } from '@scrm/web-parts';
import { RISK as T } from '../texts';

export function Section({ title, hint, extra, children }: { title: ReactNode; hint?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      variant="borderless"
      extra={extra}
      title={
        <Flex align="baseline" gap={12} wrap>
          <span>{title}</span>
          {hint ? (
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              {hint}
            </Typography.Text>
          ) : null}
        </Flex>
      }
    >
      {children}
    </Card>
  );
}

export function FormFooter({ saving, editing, onCancel }: { saving: boolean; editing: boolean; onCancel: () => void }) {
  return (
    <Card variant="borderless" size="small" style={{ position: 'sticky', bottom: 0, zIndex: 10, boxShadow: '0 -2px 8px rgba(0,0,0,.06)' }}>
      <Flex justify="flex-end" gap={12}>
        <Button onClick={onCancel} data-testid="plan-cancel">
          {T.cancel}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="plan-submit">
          {editing ? T.plan.submitEdit : T.plan.submitCreate}
        </Button>
      </Flex>
    </Card>
  );
}

/** The plan id of the page's ?id=: a positive integer, else null. */
export const planIdOf = (raw: string | null): number | null => {
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : null;
};

export function BadPlanId() {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result status="404" title={T.notFound} subTitle={T.invalidId} extra={<Button onClick={() => navigate('/setting/risk')}>{T.backToList}</Button>} data-testid="plan-bad-id" />
    </Card>
  );
}

/** Renders `children` with the plan once loaded; a skeleton while loading; 404 or the error otherwise. */
export function PlanLoaded<P>({ query, back, children }: { query: UseQueryResult<P, Error>; back: string; children: (plan: P) => ReactNode }) {
  const navigate = useNavigate();
  return (
    <LoadedCard query={query} notFound={T.notFound} back={<Button onClick={() => navigate(back)}>{T.backToList}</Button>} testIds={{ notFound: 'plan-not-found', error: 'plan-load-error' }}>
      {children}
    </LoadedCard>
  );
}

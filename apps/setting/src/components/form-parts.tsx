// Pieces the plan forms and detail pages share: the states of loading a plan by ?id= (loading, missing,
// failed).
import type { ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { LoadedCard } from '@scrm/web-parts';
import { RISK as T } from '../texts';

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

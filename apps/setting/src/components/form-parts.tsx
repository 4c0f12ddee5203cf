// Pieces the plan forms and detail pages share: a titled section card, the sticky save bar, and the
// states of loading a plan by ?id= (loading, missing, failed).
import type { ReactNode } from 'react';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiRequestError } from '@scrm/web-kit';
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
  const backButton = (
    <Button key="back" onClick={() => navigate(back)}>
      {T.backToList}
    </Button>
  );
  if (query.isPending) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Card variant="borderless">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? T.notFound : T.loadFailed}
          subTitle={missing ? undefined : query.error.message}
          extra={missing ? backButton : [<Button key="retry" type="primary" onClick={() => query.refetch()}>{T.retry}</Button>, backButton]}
          data-testid={missing ? 'plan-not-found' : 'plan-load-error'}
        />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

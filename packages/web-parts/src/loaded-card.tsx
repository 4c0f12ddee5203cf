// What an edit page shows until the thing it edits (?id=) is loaded: a skeleton card, then either the
// page, a 404 with the way back, or the error with a retry.
import { useRef, type ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadProblem } from './load-problem';

export interface LoadedCardProps<D> {
  query: UseQueryResult<D, Error>;
  /** The 404's title, e.g. 「渠道活码不存在或已删除」. */
  notFound: string;
  /** The way back to the list (a button). */
  back: ReactNode;
  testIds: { notFound: string; error?: string };
  /** Gets the data as first loaded: a refetch (e.g. on window focus) never resets a form being edited. */
  children: (data: D) => ReactNode;
}

export function LoadedCard<D>({ query, notFound, back, testIds, children }: LoadedCardProps<D>) {
  const first = useRef<{ data: D }>(undefined);
  if (!first.current && query.data !== undefined) first.current = { data: query.data };
  if (first.current) return <>{children(first.current.data)}</>;
  if (query.isError) {
    return (
      <Card variant="borderless">
        <LoadProblem error={query.error} onRetry={() => void query.refetch()} notFound={notFound} back={back} testIds={testIds} />
      </Card>
    );
  }
  return (
    <Card variant="borderless">
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

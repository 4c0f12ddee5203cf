// What an edit page shows until the thing it edits (?id=) is loaded: a skeleton card, then either the
// page, a 404 with the way back, or the error with a retry.
import { Fragment, type ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiRequestError } from '@scrm/web-kit';
import { T } from './texts';

export interface LoadedCardProps<D> {
  query: UseQueryResult<D, Error>;
  /** The 404's title, e.g. 「渠道活码不存在或已删除」. */
  notFound: string;
  /** The way back to the list (a button). */
  back: ReactNode;
  testIds: { notFound: string; error: string };
  children: (data: D) => ReactNode;
}

export function LoadedCard<D>({ query, notFound, back, testIds, children }: LoadedCardProps<D>) {
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
          title={missing ? notFound : T.loadFailed}
          subTitle={missing ? undefined : query.error.message}
          extra={
            missing
              ? back
              : [
                  <Button key="retry" type="primary" onClick={() => query.refetch()}>
                    {T.retry}
                  </Button>,
                  <Fragment key="back">{back}</Fragment>,
                ]
          }
          data-testid={missing ? testIds.notFound : testIds.error}
        />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

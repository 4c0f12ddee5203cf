// What a page shows when what it reads could not be loaded: a 404 with the way back, or the error with
// a retry and the way back (inside a card or a tab: ./load-alert).
import { Fragment, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { ApiRequestError } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { T } from './texts';

/** The server said the thing is not there (deleted, or another tenant's). */
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** A query's retry rule for a page of one thing: a 404 is final, other failures are tried twice more. */
export const retryUnlessNotFound = (failures: number, error: Error) => !isNotFound(error) && failures < 2;

export interface LoadProblemProps {
  error: Error;
  onRetry(): void;
  /** The 404's title, e.g. 「渠道活码不存在或已删除」. */
  notFound: string;
  /** The way back to the list (a button). */
  back: ReactNode;
  testIds: { notFound: string; error?: string };
}

export function LoadProblem({ error, onRetry, notFound, back, testIds }: LoadProblemProps) {
  const missing = isNotFound(error);
  return (
    <Result
      status={missing ? '404' : 'error'}
      title={missing ? notFound : T.loadFailed}
      subTitle={missing ? undefined : error.message}
      extra={
        missing
          ? back
          : [
              <Button key="retry" type="primary" onClick={onRetry}>
                {T.retry}
              </Button>,
              <Fragment key="back">{back}</Fragment>,
            ]
      }
      data-testid={missing ? testIds.notFound : testIds.error}
    />
  );
}

/** A page of one thing that could not be loaded: LoadProblem under the page's title. */
export function LoadProblemPage({ title, ...props }: LoadProblemProps & { title: string }) {
  return (
    <PageFrame title={title}>
      <LoadProblem {...props} />
    </PageFrame>
  );
}

// The guard of a page of one thing (?id=): a work space first, then an id that can be one. The three
// code apps' detail pages share it.
import { Fragment, type ReactNode } from 'react';
import { Result } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { NoWorkSpace } from './no-work-space';

/** The `?id=` of the address as a positive integer, else null. */
export function positiveIdOf(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface DetailPageProps {
  title: string;
  /** What connecting makes possible on this page (shown without a work space). */
  noWorkHint: string;
  /** The 404's title when the address names no thing. */
  notFound: string;
  /** Under the 404's title. */
  invalidHint?: string;
  /** The way back to the list (a button). */
  back: ReactNode;
  /** Of the 404. */
  'data-testid'?: string;
  /** The page itself: started afresh when the work space or the id changes. */
  children: (id: number, workId: number) => ReactNode;
}

export function DetailPage({ title, noWorkHint, notFound, invalidHint, back, 'data-testid': testId, children }: DetailPageProps) {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = positiveIdOf(params.get('id'));
  if (!workId) return <NoWorkSpace title={title} hint={noWorkHint} />;
  if (id === null) {
    return (
      <PageFrame title={title}>
        <Result status="404" title={notFound} subTitle={invalidHint} extra={back} data-testid={testId} />
      </PageFrame>
    );
  }
  return <Fragment key={`${workId}:${id}`}>{children(id, workId)}</Fragment>;
}

// 客户详情 (/customer/detail?id=<externalUserid>): profile, where the customer came from, the members
// who have them (remark, description, tags), the groups joined and a timeline of what happened.
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiRequestError, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { LoadAlert, NoWorkSpace } from '@scrm/web-parts';
import { useCustomerDetail } from '../../api/get-customer-detail';
import { DETAIL as T } from '../../texts';
import { FollowsCard, GroupsCard, ProfileCard, SourcesCard, TimelineCard } from './sections';

const LIST_PATH = '/customer/list';

/** Back where the operator came from (a code's customer list, the customer list), else to the list. */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(LIST_PATH) : navigate(-1));
}

function NotFound({ title }: { title: string }) {
  const back = useBack();
  return (
    <Card variant="borderless">
      <Result
        status="404"
        title={title}
        subTitle={T.notFoundHint}
        data-testid="customer-not-found"
        extra={
          <>
            <Button type="primary" onClick={back}>
              {T.back}
            </Button>
            <Link to={LIST_PATH}>
              <Button>{T.backToList}</Button>
            </Link>
          </>
        }
      />
    </Card>
  );
}

function Loading() {
  return (
    <div data-testid="customer-loading">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Skeleton avatar={{ size: 64 }} active paragraph={{ rows: 2 }} />
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card variant="borderless">
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless">
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function Customer({ workId, externalUserid }: { workId: number; externalUserid: string }) {
  const q = useCustomerDetail(workId, externalUserid);
  if (q.isPending) return <Loading />;
  if (q.isError) {
    if (q.error instanceof ApiRequestError && q.error.status === 404) return <NotFound title={T.notFound} />;
    return <LoadAlert title={T.loadFailed} error={q.error} onRetry={() => void q.refetch()} data-testid="customer-error" />;
  }
  const d = q.data;
  return (
    <div data-testid="customer-detail">
      <ProfileCard d={d} />
      <SourcesCard sources={d.sources} />
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <FollowsCard follows={d.follows} externalUserid={d.externalUserid} />
        </Col>
        <Col xs={24} xl={8}>
          <TimelineCard timeline={d.timeline} />
          <GroupsCard groups={d.groups} />
        </Col>
      </Row>
    </div>
  );
}

export default function CustomerDetailPage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const back = useBack();
  if (!workId) return <NoWorkSpace hint={T.noWorkHint} />;
  return (
    <PageFrame bare extra={<Button onClick={back}>{T.back}</Button>}>
      {!id ? (
        <NotFound title={T.missingId} />
      ) : (
        <Customer key={`${workId}:${id}`} workId={workId} externalUserid={id} />
      )}
    </PageFrame>
  );
}

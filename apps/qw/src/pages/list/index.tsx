// 企业账号: the connected corps as cards; `?method=create` opens the connect flow.
import { Button, Col, Empty, Row, Skeleton } from 'antd';
import { LoadAlert } from '@scrm/web-parts';
import { useSearchParams } from 'react-router-dom';
import { runAction, store } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { deleteWorkSpace } from '../../api/delete-work-space';
import { useWorkSpaces } from '../../api/list-work-spaces';
import { syncWorkSpace } from '../../api/sync-work-space';
import { T } from '../../texts';
import { ConnectFlow } from './connect/connect-flow';
import { WorkSpaceCard } from './work-space-card';

export default function QwListPage() {
  const [params, setParams] = useSearchParams();
  const creating = params.get('method') === 'create';
  const query = useWorkSpaces({
    enabled: !creating,
    refetchInterval: (q) => (q.state.data?.some((w) => w.sync.status === 'running') ? 1500 : false),
  });

  if (creating) return <ConnectFlow onBack={() => setParams({})} />;

  const connect = (
    <Button type="primary" onClick={() => setParams({ method: 'create' })}>
      {T.connect}
    </Button>
  );

  const sync = async (id: number) => {
    await runAction(() => syncWorkSpace(id), { success: T.syncStarted }).catch(() => undefined);
    void query.refetch();
  };
  const remove = async (id: number) => {
    await runAction(() => deleteWorkSpace(id), { success: T.deleted }).catch(() => undefined);
    store.emit('onWorkListRefresh');
    void query.refetch();
  };

  let body;
  if (query.isPending) body = <Skeleton active />;
  else if (query.isError)
    body = <LoadAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Empty description={<>{T.empty}<br />{T.emptyHint}</>}>
        {connect}
      </Empty>
    );
  else
    body = (
      <Row gutter={[16, 16]}>
        {query.data.map((w) => (
          <Col key={w.id} xs={24} md={12} xl={8}>
            <WorkSpaceCard info={w} onSync={() => sync(w.id)} onDelete={() => remove(w.id)} />
          </Col>
        ))}
      </Row>
    );

  return (
    <PageFrame title={T.listTitle} extra={connect} bare={Boolean(query.data?.length)}>
      {body}
    </PageFrame>
  );
}

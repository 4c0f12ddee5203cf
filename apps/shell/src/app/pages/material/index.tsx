// 素材库 (/material/list): the materials of the chosen work space by type and group, searched and
// paged on the server; create and edit per type with uploads; batch move and delete.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Dropdown, Empty, Flex, Input, Modal, Pagination, Popconfirm, Row, Select, Skeleton, Spin, Tabs, Typography } from 'antd';
import {
  AppstoreOutlined,
  DownOutlined,
  FileOutlined,
  FileTextOutlined,
  LinkOutlined,
  PictureOutlined,
  PlusOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { MATERIAL_TYPE_LABEL, type Material, type MaterialListBody, type MaterialType } from '@scrm/contracts/material';
import { runAction, useCan, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import {
  addMaterialGroup,
  deleteMaterialGroup,
  GroupPanel,
  LoadAlert,
  materialsRootKey,
  NoWorkSpace,
  updateMaterialGroup,
  useDeleteMaterials,
  useMaterialGroups,
  useMaterials,
  useMoveMaterials,
  type GroupFilter,
} from '@scrm/web-parts';
import { MaterialCard } from './material-card';
import { MaterialFormModal } from './material-form-modal';
import { T } from './texts';

const GROUP_REQUESTS = { add: addMaterialGroup, rename: updateMaterialGroup, remove: deleteMaterialGroup };
const GROUP_TEXTS = { all: T.allGroups, namePlaceholder: T.groupNamePlaceholder, deleteHint: T.groupDeleteHint, empty: T.groupsEmpty };

const TYPES: MaterialType[] = ['text', 'image', 'link', 'miniprogram', 'video', 'file'];
const TYPE_ICON: Record<MaterialType, ReactNode> = {
  text: <FileTextOutlined />,
  image: <PictureOutlined />,
  link: <LinkOutlined />,
  miniprogram: <AppstoreOutlined />,
  video: <VideoCameraOutlined />,
  file: <FileOutlined />,
};
const PAGE_SIZES = [12, 24, 48];

function CreateButton({ onCreate, type }: { onCreate(type: MaterialType): void; type?: MaterialType }) {
  if (type) {
    return (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => onCreate(type)} data-testid="material-create">
        {T.createOf(MATERIAL_TYPE_LABEL[type])}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: TYPES.map((t) => ({ key: t, icon: TYPE_ICON[t], label: MATERIAL_TYPE_LABEL[t], 'data-testid': `material-create-${t}` })),
        onClick: ({ key }) => onCreate(key as MaterialType),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} data-testid="material-create">
        {T.create} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}

function MoveModal({ count, groups, onClose, onMove }: { count: number; groups: Array<{ id: number; name: string }>; onClose(): void; onMove(groupId: number | null): Promise<void> }) {
  const [groupId, setGroupId] = useState<number>(0);
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={T.moveTitle(count)}
      okText={T.moveTo}
      cancelText={T.cancel}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        try {
          await onMove(groupId === 0 ? null : groupId);
        } finally {
          setSaving(false);
        }
      }}
      width={420}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%', marginTop: 12 }}
        value={groupId}
        onChange={setGroupId}
        options={[{ value: 0, label: T.ungrouped }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
        data-testid="material-move-group"
      />
    </Modal>
  );
}

function Library({ workId }: { workId: number }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<MaterialType | 'all'>('all');
  const [groupId, setGroupId] = useState<GroupFilter>(undefined);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ type: MaterialType; material?: Material } | null>(null);
  const [moving, setMoving] = useState(false);
  // Reading the library needs only the page key; every change (upload included) needs material.manage.
  const canManage = useCan('material.manage');

  const body: MaterialListBody = {
    page,
    pageSize,
    ...(tab !== 'all' ? { type: tab } : {}),
    ...(groupId !== undefined ? { groupId } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const list = useMaterials(workId, body, { placeholderData: keepPreviousData });
  const groups = useMaterialGroups(workId);
  // The group panel's own calls (add, rename, delete a group) refresh the library through onChanged.
  const refresh = () => queryClient.invalidateQueries({ queryKey: materialsRootKey(workId) });
  const deleteMutation = useDeleteMaterials(workId);
  const moveMutation = useMoveMaterials(workId);

  // A deletion emptied the last page: show the one before it.
  const total = list.data?.total ?? 0;
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (list.data && !list.isPlaceholderData && page > last) setPage(last);
  }, [list.data, list.isPlaceholderData, total, page, pageSize]);

  const filter = (change: () => void) => {
    change();
    setPage(1);
    setSelected([]);
  };
  const items = list.data?.list ?? [];
  const pageIds = items.map((m) => m.id);
  const pageChecked = pageIds.filter((id) => selected.includes(id)).length;
  const filtered = Boolean(keyword) || groupId !== undefined;

  const remove = async (ids: number[]) => {
    await runAction(() => deleteMutation.mutateAsync(ids), { success: T.deleted });
    setSelected((prev) => prev.filter((id) => !ids.includes(id)));
  };

  let content: ReactNode;
  if (list.isError && !list.data) {
    content = <LoadAlert title={T.loadFailed} error={list.error} onRetry={() => void list.refetch()} data-testid="material-error" />;
  } else if (list.isPending) {
    content = (
      <Row gutter={[16, 16]} data-testid="material-loading">
        {Array.from({ length: 8 }, (_, i) => (
          <Col key={i} xs={24} sm={12} lg={8} xxl={6}>
            <Card size="small">
              <Skeleton.Node active style={{ width: '100%', height: 150 }} />
              <Skeleton active title paragraph={{ rows: 1 }} style={{ marginTop: 12 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else if (!items.length) {
    content = filtered ? (
      <Empty description={T.emptyFiltered} style={{ padding: '48px 0' }} data-testid="material-empty">
        <Button
          onClick={() =>
            filter(() => {
              setKeyword('');
              setSearch('');
              setGroupId(undefined);
            })
          }
        >
          {T.clearFilter}
        </Button>
      </Empty>
    ) : (
      <Empty
        style={{ padding: '48px 0' }}
        data-testid="material-empty"
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong style={{ fontSize: 15 }}>
              {tab === 'all' ? T.empty : T.emptyType(MATERIAL_TYPE_LABEL[tab])}
            </Typography.Text>
            <Typography.Text type="secondary">{T.emptyHint}</Typography.Text>
          </Flex>
        }
      >
        {canManage ? <CreateButton type={tab === 'all' ? undefined : tab} onCreate={(type) => setEditing({ type })} /> : null}
      </Empty>
    );
  } else {
    content = (
      <Spin spinning={list.isFetching && list.isPlaceholderData}>
        <Row gutter={[16, 16]} data-testid="material-grid">
          {items.map((m) => (
            <Col key={m.id} xs={24} sm={12} lg={8} xxl={6}>
              <MaterialCard
                material={m}
                checked={selected.includes(m.id)}
                onCheck={(on) => setSelected((prev) => (on ? [...prev, m.id] : prev.filter((id) => id !== m.id)))}
                onEdit={() => setEditing({ type: m.type, material: m })}
                onDelete={() => remove([m.id]).catch(() => undefined)}
                readOnly={!canManage}
              />
            </Col>
          ))}
        </Row>
      </Spin>
    );
  }

  return (
    <PageFrame bare extra={canManage ? <CreateButton onCreate={(type) => setEditing({ type })} /> : undefined}>
      <Row gutter={16} wrap={false}>
        <Col flex="232px">
          <GroupPanel
            data={groups.data}
            loading={groups.isPending}
            error={groups.isError}
            onRetry={() => void groups.refetch()}
            value={groupId}
            onChange={(g) => filter(() => setGroupId(g))}
            onChanged={() => void refresh()}
            requests={GROUP_REQUESTS}
            texts={GROUP_TEXTS}
            readOnly={!canManage}
            data-testid="material-groups"
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
            <Tabs
              activeKey={tab}
              onChange={(k) => filter(() => setTab(k as MaterialType | 'all'))}
              items={[{ key: 'all', label: T.all }, ...TYPES.map((t) => ({ key: t, label: MATERIAL_TYPE_LABEL[t] }))]}
              data-testid="material-tabs"
            />
            <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16, minHeight: 32 }}>
              <Flex align="center" gap={12} wrap>
                {canManage ? (
                  <Checkbox
                    checked={pageIds.length > 0 && pageChecked === pageIds.length}
                    indeterminate={pageChecked > 0 && pageChecked < pageIds.length}
                    disabled={!pageIds.length}
                    onChange={(e) =>
                      setSelected((prev) => (e.target.checked ? [...new Set([...prev, ...pageIds])] : prev.filter((id) => !pageIds.includes(id))))
                    }
                    data-testid="material-select-page"
                  >
                    {T.selectPage}
                  </Checkbox>
                ) : null}
                {canManage && selected.length ? (
                  <>
                    <Typography.Text type="secondary" data-testid="material-selected">
                      {T.selectedCount(selected.length)}
                    </Typography.Text>
                    <Button size="small" onClick={() => setMoving(true)} data-testid="material-move">
                      {T.moveTo}
                    </Button>
                    <Popconfirm
                      title={T.batchDeleteConfirm(selected.length)}
                      description={T.batchDeleteHint}
                      okText={T.delete}
                      okButtonProps={{ danger: true }}
                      cancelText={T.cancel}
                      onConfirm={() => remove(selected).catch(() => undefined)}
                    >
                      <Button size="small" danger data-testid="material-batch-delete">
                        {T.batchDelete}
                      </Button>
                    </Popconfirm>
                    <Button size="small" type="link" onClick={() => setSelected([])}>
                      {T.clearSelection}
                    </Button>
                  </>
                ) : null}
              </Flex>
              <Input.Search
                allowClear
                placeholder={T.search}
                style={{ width: 260 }}
                maxLength={64}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onSearch={(v) => filter(() => setKeyword(v.trim()))}
                data-testid="material-search"
              />
            </Flex>
            {content}
            {total > 0 ? (
              <Flex justify="flex-end" style={{ marginTop: 16 }}>
                <Pagination
                  current={page}
                  pageSize={pageSize}
                  total={total}
                  showSizeChanger
                  pageSizeOptions={PAGE_SIZES}
                  showTotal={T.total}
                  onChange={(p, s) => {
                    setPage(s === pageSize ? p : 1);
                    setPageSize(s);
                  }}
                  data-testid="material-pagination"
                />
              </Flex>
            ) : null}
          </Card>
        </Col>
      </Row>
      {editing ? (
        <MaterialFormModal
          type={editing.type}
          material={editing.material}
          groups={groups.data?.list ?? []}
          defaultGroupId={groupId || null}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      {moving ? (
        <MoveModal
          count={selected.length}
          groups={groups.data?.list ?? []}
          onClose={() => setMoving(false)}
          onMove={async (target) => {
            await runAction(() => moveMutation.mutateAsync({ ids: selected, groupId: target }), { success: T.moved }).then(
              () => {
                setMoving(false);
                setSelected([]);
              },
              () => undefined,
            );
          }}
        />
      ) : null}
    </PageFrame>
  );
}

export default function MaterialListPage() {
  const workId = useStore('workId');
  if (!workId) return <NoWorkSpace hint={T.noWorkHint} />;
  return <Library key={workId} workId={workId} />;
}

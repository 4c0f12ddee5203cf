// Choosing materials of the library for a welcome message or a push: the picker modal (browse by
// type, group and keyword, check up to `max`).
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Flex, Input, Modal, Pagination, Select, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { MATERIAL_TYPE_LABEL, type Material, type MaterialListBody, type MaterialType } from '@scrm/contracts/material';
import { useStore } from '@scrm/web-kit';
import { useMaterialGroups, useMaterials } from './api/materials';
import { LoadAlert } from './load-alert';
import { MATERIAL_LIBRARY_HREF, MATERIAL_PICKER_TEXT as T } from './material-picker-text';
import { MaterialThumb, MATERIAL_TYPE_COLOR, materialSummary } from './material-thumb';

const ALL_TYPES: MaterialType[] = ['text', 'image', 'link', 'miniprogram', 'video', 'file'];
const ATTACHABLE: MaterialType[] = ['image', 'link', 'miniprogram', 'video', 'file'];
const PAGE_SIZE = 12;

export interface MaterialPickerProps {
  open: boolean;
  /** Already chosen: they stay checked and count towards `max`. */
  value: number[];
  max: number;
  /** Types offered (default: every type but text). */
  types?: MaterialType[];
  /** false: choosing one replaces the previous choice. Default true. */
  multiple?: boolean;
  /** The chosen ids in order (those already chosen first) and the materials among them that are known. */
  onOk(ids: number[], materials: Material[]): void;
  onCancel(): void;
}

export function MaterialPicker(props: MaterialPickerProps) {
  return (
    <Modal open={props.open} title={T.title} width={920} footer={null} onCancel={props.onCancel} destroyOnHidden styles={{ body: { paddingTop: 8 } }}>
      {props.open ? <PickerBody {...props} /> : null}
    </Modal>
  );
}

function PickerBody({ value, max, types = ATTACHABLE, multiple = true, onOk, onCancel }: MaterialPickerProps) {
  const workId = useStore('workId');
  const offered = useMemo(() => ALL_TYPES.filter((t) => types.includes(t)), [types]);
  const [tab, setTab] = useState<MaterialType | 'all'>(offered.length === 1 ? offered[0]! : 'all');
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>(() => [...new Set(value)]);
  const [seen, setSeen] = useState<ReadonlyMap<number, Material>>(new Map());

  const body: MaterialListBody = {
    page,
    pageSize: PAGE_SIZE,
    ...(tab === 'all' ? (offered.length < ALL_TYPES.length ? { types: offered } : {}) : { type: tab }),
    ...(groupId !== undefined ? { groupId } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const list = useMaterials(workId, body, { placeholderData: keepPreviousData, enabled: workId > 0 });
  const groups = useMaterialGroups(workId, { enabled: workId > 0 });
  // The materials already chosen, for onOk even when they are on no page shown.
  const chosenBody: MaterialListBody = { ids: [...new Set(value)].slice(0, 100) };
  const chosen = useMaterials(workId, chosenBody, { enabled: workId > 0 && value.length > 0 });

  const known = useMemo(() => {
    const map = new Map<number, Material>();
    for (const m of chosen.data?.list ?? []) map.set(m.id, m);
    for (const [id, m] of seen) map.set(id, m);
    for (const m of list.data?.list ?? []) map.set(m.id, m);
    return map;
  }, [chosen.data, seen, list.data]);

  const full = selected.length >= max;
  const toggle = (m: Material) => {
    setSeen((prev) => new Map(prev).set(m.id, m));
    setSelected((prev) => {
      if (prev.includes(m.id)) return prev.filter((id) => id !== m.id);
      if (!multiple) return [m.id];
      return prev.length >= max ? prev : [...prev, m.id];
    });
  };
  const submit = () => {
    onOk(selected, selected.map((id) => known.get(id)).filter((m): m is Material => Boolean(m)));
  };
  const filtered = Boolean(keyword) || groupId !== undefined;
  const items = list.data?.list ?? [];

  let content: ReactNode;
  if (list.isError && !list.data) {
    content = <LoadAlert title={T.loadFailed} error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.isPending) {
    content = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  } else if (!items.length) {
    content = (
      <Empty
        style={{ padding: '32px 0' }}
        description={filtered ? T.emptyFiltered : tab === 'all' ? T.empty : T.emptyType(MATERIAL_TYPE_LABEL[tab])}
        data-testid="material-picker-empty"
      >
        <Flex gap={8} justify="center">
          <Button type="primary" href={MATERIAL_LIBRARY_HREF} target="_blank" rel="noopener">
            {T.goAdd}
          </Button>
          <Button onClick={() => void list.refetch()}>{T.refresh}</Button>
        </Flex>
      </Empty>
    );
  } else {
    content = (
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 12 }} data-testid="material-picker-list">
        {items.map((m) => {
          const checked = selected.includes(m.id);
          const disabled = !checked && multiple && full;
          return (
            <Tooltip key={m.id} title={disabled ? T.max(max) : undefined}>
              <div
                role="checkbox"
                aria-checked={checked}
                aria-disabled={disabled}
                tabIndex={0}
                data-testid="material-picker-item"
                onClick={() => !disabled && toggle(m)}
                onKeyDown={(e) => {
                  if ((e.key === ' ' || e.key === 'Enter') && !disabled) {
                    e.preventDefault();
                    toggle(m);
                  }
                }}
                style={{
                  display: 'flex',
                  gap: 10,
                  padding: 10,
                  borderRadius: 8,
                  border: `1px solid ${checked ? '#1677ff' : '#f0f0f0'}`,
                  background: checked ? '#e6f4ff' : '#fff',
                  cursor: disabled ? 'not-allowed' : 'pointer',
                  opacity: disabled ? 0.5 : 1,
                  minWidth: 0,
                }}
              >
                <MaterialThumb material={m} size={56} />
                <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Flex align="center" justify="space-between" gap={4}>
                    <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                      {m.title}
                    </Typography.Text>
                    <Checkbox checked={checked} disabled={disabled} tabIndex={-1} style={{ pointerEvents: 'none' }} />
                  </Flex>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {materialSummary(m) || '—'}
                  </Typography.Text>
                  <div>
                    <Tag color={MATERIAL_TYPE_COLOR[m.type]} style={{ marginInlineEnd: 0 }}>
                      {MATERIAL_TYPE_LABEL[m.type]}
                    </Tag>
                  </div>
                </Flex>
              </div>
            </Tooltip>
          );
        })}
      </div>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="material-picker">
      {offered.length > 1 ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as MaterialType | 'all');
            setPage(1);
          }}
          items={[{ key: 'all', label: T.all }, ...offered.map((t) => ({ key: t, label: MATERIAL_TYPE_LABEL[t] }))]}
          style={{ marginBottom: -8 }}
        />
      ) : null}
      <Flex gap={8} wrap>
        <Select<number | 'all'>
          style={{ width: 180 }}
          value={groupId ?? 'all'}
          onChange={(v) => {
            setGroupId(v === 'all' ? undefined : v);
            setPage(1);
          }}
          loading={groups.isPending}
          options={[
            { value: 'all', label: T.allGroups },
            { value: 0, label: T.ungrouped },
            ...(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
          data-testid="material-picker-group"
        />
        <Input.Search
          allowClear
          placeholder={T.search}
          style={{ width: 260 }}
          maxLength={64}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          data-testid="material-picker-search"
        />
      </Flex>
      <Spin spinning={list.isFetching && list.isPlaceholderData}>{content}</Spin>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex align="center" gap={12}>
          <Typography.Text data-testid="material-picker-count" type={full && multiple ? 'warning' : undefined}>
            {T.selected(selected.length, max)}
          </Typography.Text>
          {(list.data?.total ?? 0) > PAGE_SIZE ? (
            <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} showSizeChanger={false} onChange={setPage} showTotal={T.total} />
          ) : null}
        </Flex>
        <Flex gap={8}>
          <Button onClick={onCancel}>{T.cancel}</Button>
          <Button type="primary" onClick={submit} disabled={!selected.length && !value.length} data-testid="material-picker-ok">
            {T.ok}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}

// Choosing materials of the library for a welcome message or a push: the picker modal (browse by
// type, group and keyword, check up to `max`), the chosen attachments in order, and the small
// thumbnail both they and the 素材库 page show.
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Empty, Flex, Input, Modal, Pagination, Select, Skeleton, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import {
  AppstoreOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  LinkOutlined,
  PlayCircleFilled,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MATERIAL_TYPE_LABEL, type Material, type MaterialListBody, type MaterialType } from '@scrm/contracts/material';
import { useStore } from '@scrm/web-kit';
import { listMaterialGroups, listMaterials, materialGroupsKey, materialsKey } from './api/materials';

/** The wording of the picker and the attachment list. */
export const MATERIAL_PICKER_TEXT = {
  title: '选择素材',
  all: '全部',
  allGroups: '全部分组',
  ungrouped: '未分组',
  search: '搜索标题或内容',
  selected: (n: number, max: number) => `已选 ${n}/${max}`,
  max: (n: number) => `最多选择 ${n} 个`,
  empty: '素材库中还没有可用的素材',
  emptyType: (type: string) => `素材库中还没有${type}素材`,
  emptyFiltered: '没有符合条件的素材',
  goAdd: '去素材库添加',
  refresh: '刷新',
  loadFailed: '素材加载失败',
  retry: '重试',
  ok: '确定',
  cancel: '取消',
  deleted: '素材已删除',
  moveUp: '上移',
  moveDown: '下移',
  remove: '移除',
  total: (n: number) => `共 ${n} 个`,
};
const T = MATERIAL_PICKER_TEXT;

/** Where the library is managed (opened in a new tab, so a half-filled form survives). */
export const MATERIAL_LIBRARY_HREF = '#/material/list';

const ALL_TYPES: MaterialType[] = ['text', 'image', 'link', 'miniprogram', 'video', 'file'];
const ATTACHABLE: MaterialType[] = ['image', 'link', 'miniprogram', 'video', 'file'];
const PAGE_SIZE = 12;

export const MATERIAL_TYPE_COLOR: Record<MaterialType, string> = {
  text: 'default',
  image: 'green',
  link: 'blue',
  miniprogram: 'cyan',
  video: 'purple',
  file: 'orange',
};

/** 「12KB」 「3.4MB」. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

function fileIcon(name: string) {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return <FilePdfOutlined style={{ color: '#e5484d' }} />;
  if (['doc', 'docx'].includes(ext)) return <FileWordOutlined style={{ color: '#1677ff' }} />;
  if (['xls', 'xlsx', 'csv'].includes(ext)) return <FileExcelOutlined style={{ color: '#389e0d' }} />;
  if (['ppt', 'pptx'].includes(ext)) return <FilePptOutlined style={{ color: '#d4380d' }} />;
  if (['zip', 'rar', '7z', 'gz'].includes(ext)) return <FileZipOutlined style={{ color: '#d48806' }} />;
  return <FileOutlined style={{ color: '#8c8c8c' }} />;
}

/** A square preview of a material: the picture itself, a cover, or an icon of its kind. */
export function MaterialThumb({ material, size = 48, style }: { material: Material; size?: number | string; style?: CSSProperties }) {
  const box: CSSProperties = {
    width: size,
    height: size,
    flex: 'none',
    borderRadius: 6,
    overflow: 'hidden',
    background: '#f5f5f5',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: typeof size === 'number' ? Math.max(16, Math.round(size * 0.45)) : 36,
    ...style,
  };
  const picture = material.type === 'image' ? material.file?.url : material.type === 'link' || material.type === 'miniprogram' ? material.cover?.url : undefined;
  if (picture) {
    return (
      <div style={box}>
        <img src={picture} alt={material.title} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </div>
    );
  }
  const icon: Record<MaterialType, ReactNode> = {
    text: <FileTextOutlined style={{ color: '#8c8c8c' }} />,
    image: <FileOutlined style={{ color: '#bfbfbf' }} />,
    link: <LinkOutlined style={{ color: '#1677ff' }} />,
    miniprogram: <AppstoreOutlined style={{ color: '#13a8a8' }} />,
    video: <PlayCircleFilled style={{ color: '#fff' }} />,
    file: fileIcon(material.file?.name ?? ''),
  };
  return <div style={{ ...box, background: material.type === 'video' ? '#434343' : box.background }}>{icon[material.type]}</div>;
}

/** One line under a title: the file's name and size, the link's address, the text itself… */
export function materialSummary(m: Material): string {
  switch (m.type) {
    case 'text':
      return m.content;
    case 'link':
      return m.content || m.url;
    case 'miniprogram':
      return m.page;
    default:
      return m.file ? `${m.file.name} · ${formatFileSize(m.file.size)}` : '';
  }
}

// ---------------------------------------------------------------- picker

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
  const list = useQuery({ queryKey: materialsKey(workId, body), queryFn: () => listMaterials(body), placeholderData: keepPreviousData, enabled: workId > 0 });
  const groups = useQuery({ queryKey: materialGroupsKey(workId), queryFn: listMaterialGroups, enabled: workId > 0 });
  // The materials already chosen, for onOk even when they are on no page shown.
  const chosenBody: MaterialListBody = { ids: [...new Set(value)].slice(0, 100) };
  const chosen = useQuery({ queryKey: materialsKey(workId, chosenBody), queryFn: () => listMaterials(chosenBody), enabled: workId > 0 && value.length > 0 });

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
    content = (
      <Alert
        type="error"
        showIcon
        title={T.loadFailed}
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>{T.retry}</Button>}
      />
    );
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

// ---------------------------------------------------------------- chosen attachments

export interface MaterialAttachmentsProps {
  ids: number[];
  /** Without it the list is read-only. */
  onChange?(ids: number[]): void;
}

/** The chosen materials in order, as compact cards with move up/down and remove. */
export function MaterialAttachments({ ids, onChange }: MaterialAttachmentsProps) {
  const workId = useStore('workId');
  const unique = [...new Set(ids)].slice(0, 100).sort((a, b) => a - b);
  const body: MaterialListBody = { ids: unique };
  const query = useQuery({ queryKey: materialsKey(workId, body), queryFn: () => listMaterials(body), enabled: workId > 0 && unique.length > 0 });
  if (!ids.length) return null;
  const byId = new Map((query.data?.list ?? []).map((m) => [m.id, m] as const));
  const move = (i: number, to: number) => {
    const next = [...ids];
    [next[i], next[to]] = [next[to]!, next[i]!];
    onChange?.(next);
  };

  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={T.loadFailed}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {T.retry}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap={6} data-testid="material-attachments">
      {ids.map((id, i) => {
        const m = byId.get(id);
        return (
          <Flex
            key={`${id}-${i}`}
            align="center"
            gap={10}
            style={{ padding: '6px 8px', border: '1px solid #f0f0f0', borderRadius: 6, background: m || query.isPending ? '#fff' : '#fafafa' }}
            data-testid="material-attachment"
          >
            {query.isPending ? (
              <Skeleton.Avatar active shape="square" size={36} />
            ) : m ? (
              <MaterialThumb material={m} size={36} />
            ) : (
              <div style={{ width: 36, height: 36, borderRadius: 6, background: '#f0f0f0', flex: 'none' }} />
            )}
            <Flex vertical style={{ minWidth: 0, flex: 1 }}>
              {query.isPending ? (
                <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
              ) : m ? (
                <>
                  <Typography.Text ellipsis>
                    <Tag color={MATERIAL_TYPE_COLOR[m.type]} style={{ marginInlineEnd: 6 }}>
                      {MATERIAL_TYPE_LABEL[m.type]}
                    </Tag>
                    {m.title}
                  </Typography.Text>
                </>
              ) : (
                <Typography.Text type="secondary" delete>
                  {T.deleted}
                </Typography.Text>
              )}
            </Flex>
            {onChange ? (
              <Flex gap={2} style={{ flex: 'none' }}>
                <Tooltip title={T.moveUp}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={T.moveUp} />
                </Tooltip>
                <Tooltip title={T.moveDown}>
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === ids.length - 1} onClick={() => move(i, i + 1)} aria-label={T.moveDown} />
                </Tooltip>
                <Tooltip title={T.remove}>
                  <Button type="text" size="small" danger icon={<CloseOutlined />} onClick={() => onChange(ids.filter((_, j) => j !== i))} aria-label={T.remove} />
                </Tooltip>
              </Flex>
            ) : null}
          </Flex>
        );
      })}
    </Flex>
  );
}

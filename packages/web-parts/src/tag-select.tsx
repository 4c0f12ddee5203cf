// Corp tags grouped by tag group in a searchable multiple Select (value = tag ids), and their names for display.
import { useCallback, useMemo, type CSSProperties } from 'react';
import { Empty, Select } from 'antd';
import type { CorpTagGroup } from '@scrm/contracts/customer';
import { useStore } from '@scrm/web-kit';
import { useTagList } from './api/list-tags';
import { T } from './texts';

/** Tags a code may apply on add (the contracts' limit). */
export const TAG_SELECT_MAX = 20;

export interface TagSelectProps {
  value?: string[] | null;
  onChange?: (tagIds: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** At most this many (default 20). */
  maxCount?: number;
  style?: CSSProperties;
  className?: string;
  /** Set by Form.Item so its label points here. */
  id?: string;
  'data-testid'?: string;
}

/** The corp's tag groups (cached per work space; shared by every TagSelect and useTagNames on the page). */
export function useCorpTags() {
  const workId = useStore('workId');
  return useTagList(workId, { enabled: workId > 0, staleTime: 60_000 });
}

/** Names of `ids` in `groups`, in the order of `ids`; unknown ids (deleted tags) are left out. */
export function tagNamesOf(groups: readonly CorpTagGroup[] | undefined, ids: readonly string[]): string[] {
  const names = new Map<string, string>();
  for (const g of groups ?? []) for (const t of g.tags) names.set(t.id, t.name);
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [name];
  });
}

/** `(ids) => names` over the corp's tags, for showing a saved selection. */
export function useTagNames(): (ids: readonly string[]) => string[] {
  const groups = useCorpTags().data?.list;
  return useCallback((ids: readonly string[]) => tagNamesOf(groups, ids), [groups]);
}

/** Multiple Select of corp tags grouped by tag group; an empty corp gets a hint to create tags in WeCom and sync. */
export function TagSelect({ value, onChange, placeholder = T.tag.placeholder, disabled, maxCount = TAG_SELECT_MAX, style, className, id, ...rest }: TagSelectProps) {
  const tags = useCorpTags();
  const groups = tags.data?.list;
  const options = useMemo(
    () =>
      [...(groups ?? [])]
        .sort((a, b) => a.order - b.order)
        .filter((g) => g.tags.length > 0)
        .map((g) => ({
          label: g.groupName,
          title: g.groupName,
          options: [...g.tags].sort((a, b) => a.order - b.order).map((t) => ({ value: t.id, label: t.name, group: g.groupName })),
        })),
    [groups],
  );
  const known = useMemo(() => new Set(options.flatMap((g) => g.options.map((o) => o.value))), [options]);
  const noTags = tags.isSuccess && options.length === 0;

  return (
    <Select<string[]>
      id={id}
      data-testid={rest['data-testid'] ?? 'tag-select'}
      mode="multiple"
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      maxCount={maxCount}
      allowClear
      loading={tags.isFetching}
      style={{ width: '100%', ...style }}
      className={className}
      showSearch={{ optionFilterProp: ['label', 'group'] }}
      // A saved tag that is gone from the corp still shows as a chip the operator can remove.
      labelRender={(p) => (known.has(String(p.value)) ? p.label : tags.isSuccess ? T.tag.deleted : tags.isError ? p.value : T.tag.loading)}
      notFoundContent={
        tags.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.loadFailed} />
        ) : noTags ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<>{T.tag.noTags}<br />{T.tag.noTagsHint}</>} data-testid="tag-select-empty" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.tag.noMatch} />
        )
      }
    />
  );
}

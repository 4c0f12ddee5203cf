// The department tree of the work space; choosing one filters the members (with its sub-departments).
import { useMemo } from 'react';
import { Skeleton, Tree, type TreeDataNode } from 'antd';
import { LoadAlert } from '@scrm/web-parts';
import type { Department } from '@scrm/contracts/qw';
import { T } from '../../texts';

export const ALL = 0;

function toTree(list: Department[]): TreeDataNode[] {
  const ids = new Set(list.map((d) => d.id));
  const byParent = new Map<number, Department[]>();
  for (const d of list) {
    const parent = ids.has(d.parentId) ? d.parentId : -1;
    byParent.set(parent, [...(byParent.get(parent) ?? []), d]);
  }
  const build = (parent: number): TreeDataNode[] =>
    (byParent.get(parent) ?? []).map((d) => ({ key: d.id, title: d.name, children: build(d.id) }));
  return build(-1);
}

export function DepartmentTree(props: { list?: Department[]; loading: boolean; error: boolean; value: number; onChange: (id: number) => void }) {
  const tree = useMemo(() => [{ key: ALL, title: T.allDepartments, children: toTree(props.list ?? []) }], [props.list]);
  if (props.loading) return <Skeleton active />;
  if (props.error) return <LoadAlert />;
  return (
    <Tree
      data-testid="department-tree"
      treeData={tree}
      defaultExpandAll
      blockNode
      selectedKeys={[props.value]}
      onSelect={(keys) => props.onChange(keys.length ? Number(keys[0]) : ALL)}
    />
  );
}

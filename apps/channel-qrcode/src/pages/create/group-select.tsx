// The code's group: a Select of the groups (empty = 未分组) with 「新建分组」 inline at the bottom of its list.
import { useState } from 'react';
import { Button, Divider, Flex, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { runAction, useStore } from '@scrm/web-kit';
import { useAddGroup } from '../../api/add-group';
import { useGroups } from '../../api/list-groups';
import { T } from '../../texts';

export interface GroupSelectProps {
  value?: number | null;
  onChange?: (groupId: number | null) => void;
  id?: string;
}

export function GroupSelect({ value, onChange, id }: GroupSelectProps) {
  const workId = useStore('workId');
  const groups = useGroups(workId, { enabled: workId > 0 });
  const add = useAddGroup(workId);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setSaving(true);
    try {
      const group = await runAction(() => add.mutateAsync(trimmed), { success: T.groupCreated });
      setName('');
      onChange?.(group.id);
    } catch {
      // The toast said why (e.g. 分组名称已存在).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      placeholder={T.groupPlaceholder}
      loading={groups.isFetching}
      options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 320 }}
      data-testid="group-select"
      popupRender={(menu) => (
        <>
          {menu}
          <Divider style={{ margin: '6px 0' }} />
          <Flex gap={8} style={{ padding: '0 8px 4px' }} onKeyDown={(e) => e.stopPropagation()}>
            <Input
              size="small"
              placeholder={T.groupCreatePlaceholder}
              maxLength={30}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => void create()}
              data-testid="group-create-input"
            />
            <Button size="small" type="link" icon={<PlusOutlined />} loading={saving} disabled={!name.trim()} onClick={() => void create()} data-testid="group-create">
              {T.groupCreate}
            </Button>
          </Flex>
        </>
      )}
    />
  );
}

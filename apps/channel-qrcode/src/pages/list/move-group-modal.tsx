// Moves one or several codes into a group (or out of every group: 未分组).
import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import type { CodeGroup } from '@scrm/contracts/contact-way';
import { runAction, useStore } from '@scrm/web-kit';
import { useMoveToGroup } from '../../api/move-to-group';
import { T } from '../../texts';

export interface MoveGroupModalProps {
  ids: number[];
  /** The codes' group when they share one (preselected). */
  current?: number | null;
  groups: readonly CodeGroup[];
  onClose(): void;
  onMoved(): void;
}

export default function MoveGroupModal({ ids, current, groups, onClose, onMoved }: MoveGroupModalProps) {
  const [target, setTarget] = useState<number | undefined>(current === undefined ? undefined : (current ?? 0));
  const [error, setError] = useState(false);
  const [saving, setSaving] = useState(false);
  const move = useMoveToGroup(useStore('workId'));
  const submit = async () => {
    if (target === undefined) {
      setError(true);
      return;
    }
    setSaving(true);
    try {
      await runAction(() => move.mutateAsync({ ids, groupId: target || null }), { success: T.moved });
      onMoved();
    } catch {
      // The toast said why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={T.moveTitle(ids.length)} okText={T.save} cancelText={T.cancel} onOk={submit} onCancel={onClose} confirmLoading={saving} destroyOnHidden width={420}>
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label={T.moveTarget} required validateStatus={error ? 'error' : undefined} help={error ? T.moveRequired : undefined}>
          <Select<number>
            value={target}
            placeholder={T.moveRequired}
            onChange={(v) => {
              setTarget(v);
              setError(false);
            }}
            options={[{ value: 0, label: T.ungrouped }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="move-target"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

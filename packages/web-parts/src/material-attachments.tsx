// The chosen attachments of a welcome message, in order, with move up/down and remove.
import { Button, Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { MATERIAL_TYPE_LABEL, type MaterialListBody } from '@scrm/contracts/material';
import { useStore } from '@scrm/web-kit';
import { useMaterials } from './api/materials';
import { LoadAlert } from './load-alert';
import { MATERIAL_PICKER_TEXT as T } from './material-picker-text';
import { MaterialThumb, MATERIAL_TYPE_COLOR } from './material-thumb';

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
  const query = useMaterials(workId, body, { enabled: workId > 0 && unique.length > 0 });
  if (!ids.length) return null;
  const byId = new Map((query.data?.list ?? []).map((m) => [m.id, m] as const));
  const move = (i: number, to: number) => {
    const next = [...ids];
    [next[i], next[to]] = [next[to]!, next[i]!];
    onChange?.(next);
  };

  if (query.isError && !query.data) {
    return <LoadAlert title={T.loadFailed} onRetry={() => void query.refetch()} small />;
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

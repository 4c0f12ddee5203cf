// One material in the library grid: a preview of what the customer will see, its title, type and
// group, and its actions.
import type { CSSProperties, ReactNode } from 'react';
import { Button, Card, Checkbox, Flex, Image, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import {
  AppstoreOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FileZipOutlined,
  LinkOutlined,
  PlayCircleFilled,
} from '@ant-design/icons';
import { MATERIAL_TYPE_LABEL, type Material, type UploadKind } from '@scrm/contracts/material';
import { formatMinute } from '@scrm/web-kit';
import { MATERIAL_TYPE_COLOR, formatFileSize } from '@scrm/web-parts';
import { T } from './texts';

const COVER_HEIGHT = 150;

/** The icon of a file by its extension (a video shows a play button). */
export function FileGlyph({ kind, name, size = 40 }: { kind: UploadKind; name: string; size?: number }) {
  const style: CSSProperties = { fontSize: size };
  if (kind === 'video') return <PlayCircleFilled style={{ ...style, color: '#722ed1' }} />;
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return <FilePdfOutlined style={{ ...style, color: '#e5484d' }} />;
  if (['doc', 'docx'].includes(ext)) return <FileWordOutlined style={{ ...style, color: '#1677ff' }} />;
  if (['xls', 'xlsx', 'csv'].includes(ext)) return <FileExcelOutlined style={{ ...style, color: '#389e0d' }} />;
  if (['ppt', 'pptx'].includes(ext)) return <FilePptOutlined style={{ ...style, color: '#d4380d' }} />;
  if (['zip', 'rar', '7z', 'gz'].includes(ext)) return <FileZipOutlined style={{ ...style, color: '#d48806' }} />;
  return <FileOutlined style={{ ...style, color: '#8c8c8c' }} />;
}

const coverBox: CSSProperties = {
  height: COVER_HEIGHT,
  background: '#f5f5f5',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  position: 'relative',
};

const clamp = (lines: number): CSSProperties => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
});

function CoverImage({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />;
}

/** What the card shows above its title, per type. */
function Preview({ m }: { m: Material }): ReactNode {
  switch (m.type) {
    case 'text':
      return (
        <div style={{ ...coverBox, alignItems: 'flex-start', justifyContent: 'flex-start', padding: '12px 14px', background: '#fafafa' }}>
          <Typography.Paragraph style={{ ...clamp(6), margin: 0, fontSize: 13, lineHeight: '20px', color: 'rgba(0,0,0,0.75)', whiteSpace: 'pre-wrap' }}>
            {m.content}
          </Typography.Paragraph>
        </div>
      );
    case 'image':
      return (
        <div style={coverBox}>
          {m.file ? (
            <Image src={m.file.url} alt={m.title} width="100%" height={COVER_HEIGHT} style={{ objectFit: 'cover' }} />
          ) : null}
        </div>
      );
    case 'video':
    case 'file':
      return (
        <div style={{ ...coverBox, flexDirection: 'column', gap: 8, padding: '0 16px', background: m.type === 'video' ? '#f4f0ff' : '#f5f5f5' }}>
          <FileGlyph kind={m.type} name={m.file?.name ?? ''} size={40} />
          <Typography.Text ellipsis style={{ maxWidth: '100%', fontSize: 12 }} title={m.file?.name}>
            {m.file?.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.file ? formatFileSize(m.file.size) : ''}
          </Typography.Text>
        </div>
      );
    case 'link':
      return (
        <div style={{ ...coverBox, background: '#fff', alignItems: 'stretch', justifyContent: 'stretch', padding: 12 }}>
          {/* Like the card a customer receives: title, description, thumbnail at the right. */}
          <Flex vertical gap={6} style={{ width: '100%', border: '1px solid #f0f0f0', borderRadius: 6, padding: 10 }}>
            <Typography.Text strong style={{ ...clamp(2), fontSize: 13 }}>
              {m.title}
            </Typography.Text>
            <Flex gap={8} style={{ flex: 1, minHeight: 0 }}>
              <Typography.Text type="secondary" style={{ ...clamp(3), flex: 1, fontSize: 12 }}>
                {m.content || m.url}
              </Typography.Text>
              <div style={{ width: 48, height: 48, flex: 'none', borderRadius: 4, overflow: 'hidden', background: '#e6f4ff', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                {m.cover ? <CoverImage src={m.cover.url} alt={m.title} /> : <LinkOutlined style={{ fontSize: 22, color: '#1677ff' }} />}
              </div>
            </Flex>
          </Flex>
        </div>
      );
    case 'miniprogram':
      return (
        <div style={{ ...coverBox, background: '#fff', padding: 12, alignItems: 'stretch' }}>
          <Flex vertical style={{ width: '100%', border: '1px solid #f0f0f0', borderRadius: 6, overflow: 'hidden' }}>
            <Flex align="center" gap={6} style={{ padding: '6px 8px', fontSize: 12 }}>
              <AppstoreOutlined style={{ color: '#13a8a8' }} />
              <Typography.Text ellipsis style={{ fontSize: 12 }}>
                {m.title}
              </Typography.Text>
            </Flex>
            <div style={{ flex: 1, minHeight: 0, background: '#f5f5f5' }}>{m.cover ? <CoverImage src={m.cover.url} alt={m.title} /> : null}</div>
          </Flex>
        </div>
      );
  }
}

export interface MaterialCardProps {
  material: Material;
  checked: boolean;
  onCheck(checked: boolean): void;
  onEdit(): void;
  onDelete(): Promise<unknown>;
  /** The caller lacks material.manage: no check box, edit or delete, only open / download. */
  readOnly?: boolean;
}

export function MaterialCard({ material: m, checked, onCheck, onEdit, onDelete, readOnly }: MaterialCardProps) {
  const href = m.type === 'link' ? m.url : m.type === 'video' || m.type === 'file' ? m.file?.url : undefined;
  return (
    <Card
      size="small"
      hoverable
      data-testid="material-card"
      data-type={m.type}
      style={{ borderColor: checked ? '#1677ff' : undefined, overflow: 'hidden' }}
      styles={{ body: { padding: '10px 12px' } }}
      cover={<Preview m={m} />}
      actions={[
        readOnly ? null : (
          <Tooltip key="edit" title={T.edit}>
            <Button type="text" size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={T.edit} data-testid="material-edit" />
          </Tooltip>
        ),
        href ? (
          <Tooltip key="open" title={m.type === 'link' ? T.open : T.download}>
            <Button type="text" size="small" icon={m.type === 'link' ? <LinkOutlined /> : <DownloadOutlined />} href={href} target="_blank" rel="noopener noreferrer" aria-label={m.type === 'link' ? T.open : T.download} />
          </Tooltip>
        ) : null,
        readOnly ? null : (
          <Popconfirm
            key="delete"
            title={T.deleteConfirm}
            description={T.deleteHint}
            okText={T.delete}
            okButtonProps={{ danger: true }}
            cancelText={T.cancel}
            onConfirm={onDelete}
          >
            <Tooltip title={T.delete}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={T.delete} data-testid="material-delete" />
            </Tooltip>
          </Popconfirm>
        ),
      ].filter(Boolean)}
    >
      <Flex align="center" gap={8}>
        {readOnly ? null : <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={m.title} />}
        <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }} title={m.title}>
          {m.title}
        </Typography.Text>
        <Tag color={MATERIAL_TYPE_COLOR[m.type]} style={{ marginInlineEnd: 0, flex: 'none' }}>
          {MATERIAL_TYPE_LABEL[m.type]}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12, marginTop: 2, paddingLeft: 24 }}>
        {m.groupName || T.ungrouped} · {T.updatedAt(formatMinute(m.updatedAt))}
      </Typography.Text>
    </Card>
  );
}

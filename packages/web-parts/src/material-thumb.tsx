// The small preview of a material and its one-line summary: shown by the picker, the attachment list
// and the 素材库 page.
import type { CSSProperties, ReactNode } from 'react';
import { AppstoreOutlined, FileExcelOutlined, FileOutlined, FilePdfOutlined, FilePptOutlined, FileTextOutlined, FileWordOutlined, FileZipOutlined, LinkOutlined, PlayCircleFilled } from '@ant-design/icons';
import type { Material, MaterialType } from '@scrm/contracts/material';

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

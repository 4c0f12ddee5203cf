// A moments-style preview in a phone frame: the member's avatar and name, the text, then a grid of up
// to 9 images, one video, or a link card, and 「刚刚」 under it.
import type { CSSProperties } from 'react';
import { Avatar, Flex, Typography } from 'antd';
import { LinkOutlined, PlayCircleFilled, UserOutlined } from '@ant-design/icons';
import type { Material } from '@scrm/contracts/material';
import { T } from './texts';

export interface MomentPreviewProps {
  text: string;
  /** In order: undefined while loading, null when gone. */
  materials: ReadonlyArray<Material | null | undefined>;
}

const cell = (size: number): CSSProperties => ({ width: size, height: size, background: '#f0f0f0', overflow: 'hidden', flex: 'none' });

function Images({ materials }: { materials: Material[] }) {
  const one = materials.length === 1;
  const size = one ? 120 : 62;
  const columns = materials.length === 4 ? 2 : 3;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${one ? 1 : columns}, ${size}px)`, gap: 4 }} data-testid="moment-preview-images">
      {materials.map((m) => (
        <div key={m.id} style={cell(size)}>
          {m.file?.url ? <img src={m.file.url} alt={m.title} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} /> : null}
        </div>
      ))}
    </div>
  );
}

function Media({ materials }: { materials: Material[] }) {
  const first = materials[0];
  if (!first) return null;
  if (first.type === 'video') {
    return (
      <Flex align="center" justify="center" style={{ width: 150, height: 100, background: '#434343', borderRadius: 2 }} data-testid="moment-preview-video">
        <PlayCircleFilled style={{ color: '#fff', fontSize: 32 }} />
      </Flex>
    );
  }
  if (first.type === 'link') {
    return (
      <Flex gap={6} align="center" style={{ background: '#f3f3f5', padding: 6, width: '100%' }} data-testid="moment-preview-link">
        <div style={{ ...cell(40), display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {first.cover?.url ? <img src={first.cover.url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <LinkOutlined style={{ color: '#1677ff' }} />}
        </div>
        <Typography.Text style={{ fontSize: 12 }} ellipsis>
          {first.title}
        </Typography.Text>
      </Flex>
    );
  }
  return <Images materials={materials.filter((m) => m.type === 'image')} />;
}

export function MomentPreview({ text, materials }: MomentPreviewProps) {
  const loaded = materials.filter((m): m is Material => Boolean(m));
  const empty = !text.trim() && !materials.length;
  return (
    <div
      data-testid="moment-preview"
      style={{ width: 280, height: 500, border: '8px solid #1f1f1f', borderRadius: 28, overflow: 'hidden', display: 'flex', flexDirection: 'column', background: '#fff', boxSizing: 'border-box' }}
    >
      <div style={{ height: 90, background: 'linear-gradient(135deg, #5b8ff9, #8fd3f4)', flex: 'none' }} />
      <div style={{ flex: 1, overflowY: 'auto', padding: '12px 12px' }}>
        {empty ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', textAlign: 'center', marginTop: 120 }}>
            {T.previewEmpty}
          </Typography.Text>
        ) : (
          <Flex gap={8} align="flex-start">
            <Avatar shape="square" size={36} icon={<UserOutlined />} style={{ flex: 'none', background: '#95de64' }} />
            <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text style={{ color: '#576b95', fontWeight: 500, fontSize: 13 }}>{T.previewName}</Typography.Text>
              {text.trim() ? (
                <div style={{ fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.5 }} data-testid="moment-preview-text">
                  {text}
                </div>
              ) : null}
              <Media materials={loaded} />
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {T.justNow}
              </Typography.Text>
            </Flex>
          </Flex>
        )}
      </div>
    </div>
  );
}

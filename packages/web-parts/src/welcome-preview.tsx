// A phone-like preview of a welcome message as the customer sees it: the text, then one bubble per attachment.
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Avatar, Flex, Typography } from 'antd';
import { FileOutlined, PlayCircleFilled, UserOutlined } from '@ant-design/icons';
import { WELCOME_PLACEHOLDERS } from '@scrm/contracts/contact-way';
import { MATERIAL_TYPE_LABEL, type Material } from '@scrm/contracts/material';
import { formatFileSize } from './material-thumb';
import { T } from './texts';

const SAMPLES: Record<string, string> = {
  [WELCOME_PLACEHOLDERS.customer]: T.welcome.sampleCustomer,
  [WELCOME_PLACEHOLDERS.member]: T.welcome.sampleMember,
};
const PLACEHOLDER_RE = new RegExp(`(${Object.values(WELCOME_PLACEHOLDERS).join('|')})`);

/** The text with each placeholder shown as a highlighted sample (「客户昵称」, 「成员姓名」). */
export function renderWelcomeText(text: string, samples: Record<string, string> = SAMPLES): ReactNode[] {
  return text.split(PLACEHOLDER_RE).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} data-testid="welcome-sample" style={{ color: '#1677ff', background: '#e6f4ff', borderRadius: 3, padding: '0 2px', whiteSpace: 'nowrap' }}>
        {samples[part] ?? part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

const bubble: CSSProperties = {
  boxSizing: 'border-box',
  background: '#fff',
  borderRadius: 6,
  padding: '8px 10px',
  maxWidth: 176,
  fontSize: 13,
  lineHeight: 1.6,
  wordBreak: 'break-word',
  boxShadow: '0 1px 1px rgba(0,0,0,.04)',
};

function AttachmentBubble({ material }: { material: Material | null | undefined }) {
  if (material === undefined) return <div style={{ ...bubble, color: '#999' }}>{T.welcome.attachmentLoading}</div>;
  if (material === null) return <div style={{ ...bubble, color: '#999' }}>{T.welcome.attachmentMissing}</div>;
  switch (material.type) {
    case 'image':
      return material.file ? (
        <img src={material.file.url} alt={material.title} style={{ maxWidth: 140, maxHeight: 180, borderRadius: 6, display: 'block' }} />
      ) : (
        <div style={bubble}>{material.title}</div>
      );
    case 'video':
      return (
        <Flex align="center" justify="center" style={{ width: 140, height: 90, borderRadius: 6, background: '#262626', color: '#fff' }}>
          <PlayCircleFilled style={{ fontSize: 28, opacity: 0.85 }} />
        </Flex>
      );
    case 'link':
      return (
        <div style={{ ...bubble, width: 176 }}>
          <Typography.Text strong ellipsis style={{ fontSize: 13, display: 'block' }}>
            {material.title}
          </Typography.Text>
          <Flex gap={8} style={{ marginTop: 4 }}>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ fontSize: 12, flex: 1, margin: 0 }}>
              {material.content || material.url}
            </Typography.Paragraph>
            {material.cover ? <img src={material.cover.url} alt="" style={{ width: 40, height: 40, objectFit: 'cover', flex: 'none' }} /> : null}
          </Flex>
        </div>
      );
    case 'miniprogram':
      return (
        <div style={{ ...bubble, width: 176, padding: 0, overflow: 'hidden' }}>
          <div style={{ padding: '8px 10px 4px' }}>
            <Typography.Text ellipsis style={{ fontSize: 13 }}>
              {material.title}
            </Typography.Text>
          </div>
          {material.cover ? (
            <img src={material.cover.url} alt="" style={{ width: '100%', height: 110, objectFit: 'cover', display: 'block' }} />
          ) : (
            <div style={{ height: 110, background: '#f5f5f5' }} />
          )}
          <div style={{ fontSize: 11, color: '#999', padding: '4px 10px', borderTop: '1px solid #f0f0f0' }}>{MATERIAL_TYPE_LABEL.miniprogram}</div>
        </div>
      );
    case 'file':
      return (
        <Flex style={{ ...bubble, width: 176 }} gap={8} align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text ellipsis style={{ fontSize: 13, display: 'block' }}>
              {material.file?.name ?? material.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {material.file ? formatFileSize(material.file.size) : ''}
            </Typography.Text>
          </div>
          <FileOutlined style={{ fontSize: 28, color: '#1677ff' }} />
        </Flex>
      );
    default:
      return <div style={bubble}>{material.content || material.title}</div>;
  }
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Flex gap={6} align="flex-start">
      <Avatar shape="square" size={30} icon={<UserOutlined />} style={{ flex: 'none', background: '#95de64' }} />
      {children}
    </Flex>
  );
}

export interface WelcomePreviewProps {
  text: string;
  /** One per attachment, in order: undefined while loading, null when the material is gone. */
  attachments: readonly (Material | null | undefined)[];
  /** Title of the chat (a member's name, when known). */
  title?: string;
  /** Shown while there is nothing to preview (default: the welcome message's wording). */
  emptyText?: string;
}

/** A 260px phone frame with the welcome message as chat bubbles (placeholders shown as samples). */
export function WelcomePreview({ text, attachments, title = T.welcome.memberTitle, emptyText = T.welcome.previewEmpty }: WelcomePreviewProps) {
  const empty = !text.trim() && !attachments.length;
  return (
    <div
      data-testid="welcome-preview"
      style={{ width: 260, height: 480, border: '8px solid #1f1f1f', borderRadius: 28, overflow: 'hidden', display: 'flex', flexDirection: 'column', background: '#ededed', boxSizing: 'border-box' }}
    >
      <div style={{ textAlign: 'center', padding: '10px 0 8px', fontSize: 13, fontWeight: 500, background: '#f7f7f7', borderBottom: '1px solid #e5e5e5' }}>{title}</div>
      <Flex vertical gap={10} style={{ flex: 1, overflowY: 'auto', padding: '12px 10px' }}>
        {empty ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center', marginTop: 160 }}>
            {emptyText}
          </Typography.Text>
        ) : null}
        {text.trim() ? (
          <Row>
            <div style={{ ...bubble, whiteSpace: 'pre-wrap' }} data-testid="welcome-preview-text">
              {renderWelcomeText(text)}
            </div>
          </Row>
        ) : null}
        {attachments.map((m, i) => (
          <Row key={m ? `m${m.id}` : `i${i}`}>
            <div data-testid="welcome-preview-attachment">
              <AttachmentBubble material={m} />
            </div>
          </Row>
        ))}
      </Flex>
    </div>
  );
}

// Parts of a code's detail page that the staff-code and one-customer-one-code apps share: the code's
// tags, its welcome message in short, and the edit and delete buttons (delete waits while WeCom is
// still making the code).
import type { ReactNode } from 'react';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { WelcomeMessage } from '@scrm/contracts/contact-way';
import { T } from './texts';
import { renderWelcomeText } from './welcome-preview';

/** The tag names, or `none` in grey. */
export function TagNames({ names, none }: { names: string[]; none: ReactNode }) {
  if (!names.length) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {names.map((n) => (
        <Tag key={n} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
    </Flex>
  );
}

export interface WelcomeSummaryProps {
  welcome: WelcomeMessage;
  /** Lines of text shown before 「展开」. */
  rows: number;
  /** Shown when there is no text and no attachment. */
  none: ReactNode;
}

/** The welcome text (placeholders shown as tags) and how many attachments it carries. */
export function WelcomeSummary({ welcome: { text, materialIds }, rows, none }: WelcomeSummaryProps) {
  if (!text.trim() && !materialIds.length) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {text.trim() ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} ellipsis={{ rows, expandable: true, symbol: T.expand }}>
          {renderWelcomeText(text)}
        </Typography.Paragraph>
      ) : null}
      {materialIds.length ? <Typography.Text type="secondary">{T.welcome.attachmentCount(materialIds.length)}</Typography.Text> : null}
    </Flex>
  );
}

export interface CodeEditDeleteProps {
  /** WeCom is still making the code: deleting waits. */
  creating: boolean;
  /** Why delete is off while creating (each app names its thing). */
  creatingHint: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** 编辑 and 删除 of a code's detail page. */
export function CodeEditDelete({ creating, creatingHint, onEdit, onDelete }: CodeEditDeleteProps) {
  return (
    <>
      <Button icon={<EditOutlined />} onClick={onEdit}>
        {T.edit}
      </Button>
      <Tooltip title={creating ? creatingHint : undefined}>
        <Button danger icon={<DeleteOutlined />} disabled={creating} onClick={onDelete}>
          {T.delete}
        </Button>
      </Tooltip>
    </>
  );
}

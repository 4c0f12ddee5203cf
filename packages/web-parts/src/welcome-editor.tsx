// Edits a welcome message: text with placeholders and a UTF-8 byte counter, up to 9 library attachments,
// and a phone preview beside it.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Input, Typography, type FormRule } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { FileTextOutlined, InfoCircleOutlined, PaperClipOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { EMPTY_WELCOME, WELCOME_MAX_ATTACHMENTS, WELCOME_PLACEHOLDERS, WELCOME_TEXT_MAX_BYTES, WelcomeMessage } from '@scrm/contracts/contact-way';
import type { Material, MaterialListBody, MaterialType } from '@scrm/contracts/material';
import { useStore } from '@scrm/web-kit';
import { useMaterials } from './api/materials';
import { utf8Bytes } from './format';
import { MaterialAttachments } from './material-attachments';
import { MaterialPicker } from './material-picker';
import { T } from './texts';
import { useFormItemErrors } from './use-form-item-errors';
import { WelcomePreview } from './welcome-preview';

/** Characters the server accepts in `text` (WelcomeMessage's schema). */
export const WELCOME_TEXT_MAX_CHARS: number = (WelcomeMessage.properties.text as { maxLength?: number }).maxLength ?? 1500;
/** What a welcome message may carry besides its text. */
export const ATTACHMENT_TYPES: MaterialType[] = ['image', 'link', 'miniprogram', 'video', 'file'];

/**
 * Why a welcome message (or a push's content, with `noun` 「群发内容」) cannot be saved, in Chinese; null
 * when it is fine (an empty one is fine: no welcome).
 */
export function welcomeProblem(value: WelcomeMessage | null | undefined, noun: string = T.welcome.noun): string | null {
  const { text, materialIds } = value ?? EMPTY_WELCOME;
  if (utf8Bytes(text) > WELCOME_TEXT_MAX_BYTES) return T.welcome.tooLong(WELCOME_TEXT_MAX_BYTES, noun);
  if (text.length > WELCOME_TEXT_MAX_CHARS) return T.welcome.tooManyChars(WELCOME_TEXT_MAX_CHARS, noun);
  if (materialIds.length > WELCOME_MAX_ATTACHMENTS) return T.welcome.tooManyAttachments(WELCOME_MAX_ATTACHMENTS);
  return null;
}

/** Form.Item rule running welcomeProblem. */
export const welcomeRule: FormRule = {
  validator: async (_rule, value: WelcomeMessage | undefined) => {
    const problem = welcomeProblem(value);
    if (problem) throw new Error(problem);
  },
};

/** `token` put in place of text[start, end); `caret` is where the cursor goes after it. */
export function insertAt(text: string, start: number, end: number, token: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

export interface WelcomeEditorProps {
  value?: WelcomeMessage | null;
  onChange?: (value: WelcomeMessage) => void;
  disabled?: boolean;
  /** The preview's chat title (e.g. the member of a staff code); default 「企业成员」. */
  memberName?: string;
  /** Set by Form.Item. */
  id?: string;
  /**
   * The editor of another message of the same shape (a push's content): no placeholder buttons (WeCom
   * fills none in), and its own wording of the noun, the box's placeholder, the hint and the empty preview.
   */
  plain?: { noun: string; placeholder: string; hint: string; previewEmpty: string };
}

/** Form control for a WelcomeMessage: text with placeholders / text materials, byte counter, attachments, phone preview. */
export function WelcomeEditor({ value, onChange, disabled, memberName, id, plain }: WelcomeEditorProps) {
  const message = value ?? EMPTY_WELCOME;
  const { text, materialIds } = message;
  const errors = useFormItemErrors();
  const area = useRef<TextAreaRef>(null);
  // Until the operator has put the cursor somewhere, insertions go at the end.
  const touched = useRef(false);
  const pendingCaret = useRef<number | null>(null);
  const [picker, setPicker] = useState<'text' | 'attachments' | null>(null);
  // Materials chosen in this session, so the preview needs no round trip for them.
  const [picked, setPicked] = useState<ReadonlyMap<number, Material>>(new Map());

  const change = (patch: Partial<WelcomeMessage>) => onChange?.({ ...message, ...patch });
  const textarea = () => area.current?.resizableTextArea?.textArea ?? null;

  const insert = (token: string) => {
    const el = textarea();
    const start = el && touched.current ? el.selectionStart : text.length;
    const end = el && touched.current ? el.selectionEnd : text.length;
    const next = insertAt(text, start, end, token);
    pendingCaret.current = next.caret;
    change({ text: next.text });
  };

  // After an insertion lands, put the cursor right after it.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const el = textarea();
    if (caret === null || !el) return;
    pendingCaret.current = null;
    el.focus();
    el.setSelectionRange(caret, caret);
    touched.current = true;
  }, [text]);

  // The same query as MaterialAttachments, so the preview costs no request of its own.
  const workId = useStore('workId');
  const lookup: MaterialListBody = { ids: [...new Set(materialIds)].slice(0, 100).sort((a, b) => a - b) };
  const fetched = useMaterials(workId, lookup, { enabled: workId > 0 && materialIds.length > 0 });
  const byId = useMemo(() => new Map((fetched.data?.list ?? []).map((m) => [m.id, m] as const)), [fetched.data]);
  const settled = fetched.isSuccess || fetched.isError;
  const attachments = materialIds.map((mid) => byId.get(mid) ?? picked.get(mid) ?? (settled ? null : undefined));

  const bytes = utf8Bytes(text);
  const problem = welcomeProblem(message, plain?.noun);
  const full = materialIds.length >= WELCOME_MAX_ATTACHMENTS;

  return (
    <Flex id={id} gap={24} wrap align="flex-start" data-testid="welcome-editor">
      <Flex vertical gap={8} style={{ flex: '1 1 360px', minWidth: 0 }}>
        <Flex gap={8} wrap>
          {plain ? null : (
            <>
              <Button size="small" icon={<UserOutlined />} disabled={disabled} onClick={() => insert(WELCOME_PLACEHOLDERS.customer)} data-testid="welcome-insert-customer">
                {T.welcome.insertCustomer}
              </Button>
              <Button size="small" icon={<UserAddOutlined />} disabled={disabled} onClick={() => insert(WELCOME_PLACEHOLDERS.member)} data-testid="welcome-insert-member">
                {T.welcome.insertMember}
              </Button>
            </>
          )}
          <Button size="small" icon={<FileTextOutlined />} disabled={disabled} onClick={() => setPicker('text')} data-testid="welcome-insert-text">
            {T.welcome.insertText}
          </Button>
        </Flex>
        <Input.TextArea
          ref={area}
          value={text}
          disabled={disabled}
          placeholder={plain?.placeholder ?? T.welcome.placeholder}
          autoSize={{ minRows: 6, maxRows: 14 }}
          onChange={(e) => change({ text: e.target.value })}
          onFocus={() => (touched.current = true)}
          status={problem && !errors.length ? 'error' : undefined}
          count={{
            max: WELCOME_TEXT_MAX_BYTES,
            strategy: utf8Bytes,
            show: () => (
              <span data-testid="welcome-bytes" style={bytes > WELCOME_TEXT_MAX_BYTES ? { color: '#ff4d4f' } : undefined}>
                {T.welcome.bytes(bytes, WELCOME_TEXT_MAX_BYTES)}
              </span>
            ),
          }}
          data-testid="welcome-text"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
          <InfoCircleOutlined /> {plain?.hint ?? T.welcome.hint}
        </Typography.Text>
        {problem && !errors.length ? (
          <Typography.Text type="danger" data-testid="welcome-problem">
            {problem}
          </Typography.Text>
        ) : null}
        <Flex align="center" justify="space-between" gap={8} wrap style={{ marginTop: 8 }}>
          <Typography.Text>
            {T.welcome.attachments}
            <Typography.Text type="secondary">
              （{materialIds.length}/{WELCOME_MAX_ATTACHMENTS}）{T.welcome.attachmentsHint(WELCOME_MAX_ATTACHMENTS)}
            </Typography.Text>
          </Typography.Text>
          <Button size="small" icon={<PaperClipOutlined />} disabled={disabled || full} onClick={() => setPicker('attachments')} data-testid="welcome-add-attachment">
            {T.welcome.addAttachment}
          </Button>
        </Flex>
        {materialIds.length ? <MaterialAttachments ids={materialIds} onChange={disabled ? undefined : (ids) => change({ materialIds: ids })} /> : null}
      </Flex>
      <Flex vertical gap={8} style={{ flex: 'none' }}>
        <Typography.Text type="secondary">{T.welcome.preview}</Typography.Text>
        <WelcomePreview text={text} attachments={attachments} title={memberName} emptyText={plain?.previewEmpty} />
      </Flex>
      {/* Mounted only while open, so each opening starts fresh. */}
      {picker === 'text' ? (
        <MaterialPicker
        open
        value={[]}
        max={1}
        types={['text']}
        multiple={false}
        onCancel={() => setPicker(null)}
        onOk={(_ids, materials) => {
          setPicker(null);
          const content = materials[0]?.content;
          if (content) insert(content);
        }}
      />
      ) : null}
      {picker === 'attachments' ? (
        <MaterialPicker
        open
        value={materialIds}
        max={WELCOME_MAX_ATTACHMENTS}
        types={ATTACHMENT_TYPES}
        onCancel={() => setPicker(null)}
        onOk={(ids, materials) => {
          setPicker(null);
          setPicked((prev) => new Map([...prev, ...materials.map((m) => [m.id, m] as const)]));
          change({ materialIds: ids.slice(0, WELCOME_MAX_ATTACHMENTS) });
        }}
      />
      ) : null}
    </Flex>
  );
}

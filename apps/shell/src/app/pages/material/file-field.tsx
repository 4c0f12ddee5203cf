// A form control that uploads one file of a kind (image, video, file) through /api/material/upload and
// holds the stored file: checks type and size before sending, shows progress, then the file.
import { useRef, useState } from 'react';
import { Button, Flex, Image, Progress, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { UPLOAD_RULES, type MaterialFile, type UploadKind } from '@scrm/contracts/material';
import { formatFileSize, uploadMaterialFile } from '@scrm/web-parts';
import { FileGlyph } from './material-card';
import { T } from './texts';

const MB = 1024 * 1024;

/** The first problem of a chosen file, checked as the server will (type by extension and mime, size). */
export function fileProblem(kind: UploadKind, file: { name: string; type: string; size: number }, label: string): string | null {
  const rule = UPLOAD_RULES[kind];
  if (file.size === 0) return T.emptyFile;
  if (rule.mimes.length) {
    const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    const mimeOk = !file.type || (rule.mimes as readonly string[]).includes(file.type);
    if (!(rule.exts as readonly string[]).includes(ext) || !mimeOk) return T.wrongFormat(label, rule.hint.split('，')[0]!);
  }
  if (file.size > rule.maxBytes) return T.tooLarge(label, Math.round(rule.maxBytes / MB));
  return null;
}

export interface FileFieldProps {
  kind: UploadKind;
  /** 图片, 视频, 文件, 封面… */
  label: string;
  value?: MaterialFile | null;
  onChange?(file: MaterialFile | null): void;
  /** Called with each newly uploaded file (e.g. to fill an empty title). */
  onUploaded?(file: MaterialFile): void;
  testId?: string;
  /** A smaller drop area (an optional cover). */
  compact?: boolean;
}

export function FileField({ kind, label, value, onChange, onUploaded, testId, compact }: FileFieldProps) {
  const rule = UPLOAD_RULES[kind];
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const props: UploadProps = {
    accept: rule.exts.length ? rule.exts.join(',') : undefined,
    multiple: false,
    maxCount: 1,
    showUploadList: false,
    beforeUpload: (file) => {
      const p = fileProblem(kind, file, label);
      setProblem(p);
      return p ? Upload.LIST_IGNORE : true;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setPercent(0);
      uploadMaterialFile(kind, file as File, { onProgress: setPercent, signal: controller.signal })
        .then((stored) => {
          setPercent(null);
          setProblem(null);
          onChange?.(stored);
          onUploaded?.(stored);
          onSuccess?.(stored);
        })
        .catch((err: Error) => {
          setPercent(null);
          setProblem(err.message || T.uploadFailed);
          onError?.(err);
        });
    },
  };

  const hint = <Typography.Text type="secondary" style={{ fontSize: 12 }}>{T.uploadHint(rule.hint)}</Typography.Text>;
  const error = problem ? (
    <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="upload-problem">
      {problem}
    </Typography.Text>
  ) : null;

  if (percent !== null) {
    return (
      <Flex vertical gap={4} data-testid={testId}>
        <Typography.Text type="secondary">{T.uploading}</Typography.Text>
        <Progress percent={percent} size="small" status="active" />
      </Flex>
    );
  }

  if (value) {
    return (
      <Flex vertical gap={4} data-testid={testId}>
        <Flex align="center" gap={12} style={{ padding: 8, border: '1px solid #f0f0f0', borderRadius: 8 }}>
          {kind === 'image' ? (
            <Image src={value.url} alt={value.name} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 6 }} />
          ) : (
            <FileGlyph kind={kind} name={value.name} size={40} />
          )}
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text ellipsis title={value.name}>
              {value.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatFileSize(value.size)}
            </Typography.Text>
          </Flex>
          <Upload {...props}>
            <Button size="small">{T.reupload}</Button>
          </Upload>
        </Flex>
        {error ?? hint}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={4} data-testid={testId}>
      <Upload.Dragger {...props} style={{ padding: compact ? 0 : '8px 0' }}>
        {compact ? null : (
          <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
            <InboxOutlined />
          </p>
        )}
        <p className="ant-upload-text" style={{ fontSize: 14 }}>
          {T.upload(label)}
        </p>
        <p className="ant-upload-hint" style={{ fontSize: 12 }}>
          {T.uploadHint(rule.hint)}
        </p>
      </Upload.Dragger>
      {error}
    </Flex>
  );
}

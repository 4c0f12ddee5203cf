// The code's QR (with download) beside a summary of its settings; the welcome message previews in a popover.
import { Button, Card, Descriptions, Flex, Popover, Space, Tag, Typography } from 'antd';
import { EyeOutlined, FolderOutlined } from '@ant-design/icons';
import { describeSchedule } from '@scrm/contracts/china-time';
import { DISTRIBUTION_HINT, DISTRIBUTION_LABEL, type ChannelCode } from '@scrm/contracts/contact-way';
import { useStore } from '@scrm/web-kit';
import { QrCard, WelcomePreview, formatTime, renderWelcomeText, useMaterials } from '@scrm/web-parts';
import { downloadQrcode } from '../../api/download-qrcode';
import { T } from '../../texts';

function Welcome({ code }: { code: ChannelCode }) {
  const workId = useStore('workId');
  const { text, materialIds } = code.welcome;
  const body = { ids: [...new Set(materialIds)].sort((a, b) => a - b) };
  const materials = useMaterials(workId, body, { enabled: workId > 0 && materialIds.length > 0 });
  if (!text.trim() && !materialIds.length) return <Typography.Text type="secondary">{T.noWelcome}</Typography.Text>;
  const byId = new Map((materials.data?.list ?? []).map((m) => [m.id, m] as const));
  const settled = materials.isSuccess || materials.isError;
  const attachments = materialIds.map((id) => byId.get(id) ?? (settled ? null : undefined));
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      {text.trim() ? (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }} data-testid="welcome-text-summary">
          {renderWelcomeText(text)}
        </Typography.Paragraph>
      ) : null}
      <Space size={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.welcomeSummary([...text.trim()].length, materialIds.length)}
        </Typography.Text>
        <Popover trigger="click" placement="left" content={<WelcomePreview text={text} attachments={attachments} />}>
          <Button type="link" size="small" icon={<EyeOutlined />} style={{ paddingInline: 0 }} data-testid="welcome-preview-open">
            {T.welcomePreview}
          </Button>
        </Popover>
      </Space>
    </Flex>
  );
}

export function SettingsCard({ code }: { code: ChannelCode }) {
  return (
    <Card variant="borderless" title={T.settings} data-testid="settings-card">
      <Flex gap={32} align="flex-start">
        <Flex vertical align="center" gap={8} style={{ flex: 'none', width: 200 }}>
          <QrCard url={code.qrCode} name={code.name} download={() => downloadQrcode(code.id)} copyLink size={168} failedText={code.status === 'failed' ? (code.error ?? T.failedHint) : undefined} />
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
            {T.qrHint}
          </Typography.Text>
        </Flex>
        <Descriptions
          column={2}
          size="small"
          colon={false}
          style={{ flex: 1, minWidth: 0 }}
          styles={{ label: { width: 88, color: 'rgba(0,0,0,.45)' } }}
          items={[
            {
              key: 'distribution',
              label: T.field.distribution,
              children: (
                <span>
                  {DISTRIBUTION_LABEL[code.distribution]}
                  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                    {DISTRIBUTION_HINT[code.distribution]}
                  </Typography.Text>
                </span>
              ),
            },
            { key: 'cap', label: T.field.cap, children: T.capText(code.dailyCap) },
            {
              key: 'schedule',
              label: T.field.schedule,
              children: (
                <span data-testid="schedule-summary-text">
                  {describeSchedule(code.schedule)}
                  {code.schedule.length ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                      {T.scheduleBackupNote}
                    </Typography.Text>
                  ) : null}
                </span>
              ),
            },
            { key: 'verify', label: T.field.skipVerify, children: code.skipVerify ? T.skipVerifyOn : T.skipVerifyOff },
            {
              key: 'tags',
              label: T.field.tags,
              span: 2,
              children: code.tagNames.length ? (
                <Flex gap={4} wrap>
                  {code.tagNames.map((n, i) => (
                    <Tag key={`${n}-${i}`} color="blue" style={{ marginInlineEnd: 0 }}>
                      {n}
                    </Tag>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{T.noTags}</Typography.Text>
              ),
            },
            { key: 'welcome', label: T.field.welcome, span: 2, children: <Welcome code={code} /> },
            {
              key: 'group',
              label: T.field.group,
              children: (
                <span>
                  <FolderOutlined style={{ marginInlineEnd: 4, color: 'rgba(0,0,0,.45)' }} />
                  {code.groupName || T.ungrouped}
                </span>
              ),
            },
            { key: 'remark', label: T.field.remark, children: code.remark || <Typography.Text type="secondary">{T.none}</Typography.Text> },
            { key: 'created', label: T.field.createdAt, children: formatTime(code.createdAt) },
            { key: 'updated', label: T.field.updatedAt, children: formatTime(code.updatedAt) },
          ]}
        />
      </Flex>
    </Card>
  );
}

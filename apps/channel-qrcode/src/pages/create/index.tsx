// 新建渠道活码, and with ?id= the same form to edit one: basics, who receives and how, what happens
// to a customer who adds (tags, welcome message, verification). Saved codes open on their detail page.
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Radio, Result, Switch, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DISTRIBUTION_HINT,
  DISTRIBUTION_LABEL,
  EMPTY_WELCOME,
  type ChannelCode,
  type ChannelCodeInput,
  type CodeMemberInput,
  type Distribution,
  type WelcomeMessage,
} from '@scrm/contracts/contact-way';
import type { WeeklySchedule } from '@scrm/contracts/china-time';
import { ApiRequestError, runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FormFooter, FormSection, LoadedCard, NoWorkSpace, ScheduleEditor, scheduleRule, TagSelect, WelcomeEditor, welcomeRule } from '@scrm/web-parts';
import { useAddCode } from '../../api/add-code';
import { useCode } from '../../api/get-code';
import { useUpdateCode } from '../../api/update-code';
import { T } from '../../texts';
import { GroupSelect } from './group-select';
import { MemberListEditor, type MemberLook } from './member-list-editor';

export interface CodeFormValues {
  name: string;
  groupId: number | null;
  remark: string;
  members: CodeMemberInput[];
  distribution: Distribution;
  dailyCap: number | null;
  schedule: WeeklySchedule;
  tagIds: string[];
  welcome: WelcomeMessage;
  skipVerify: boolean;
}

const DISTRIBUTIONS: Distribution[] = ['round_robin', 'in_order', 'random'];

const EMPTY: CodeFormValues = {
  name: '',
  groupId: null,
  remark: '',
  members: [],
  distribution: 'round_robin',
  dailyCap: 0,
  schedule: [],
  tagIds: [],
  welcome: EMPTY_WELCOME,
  skipVerify: true,
};

const valuesOf = (code: ChannelCode): CodeFormValues => ({
  name: code.name,
  groupId: code.groupId,
  remark: code.remark,
  members: code.members.map((m) => ({ userid: m.userid, dailyCap: m.dailyCap, backup: m.backup })),
  distribution: code.distribution,
  dailyCap: code.dailyCap,
  schedule: code.schedule,
  tagIds: code.tagIds,
  welcome: code.welcome,
  skipVerify: code.skipVerify,
});

/** Why the members cannot be saved, in Chinese; null when they can. */
export function membersProblem(members: readonly CodeMemberInput[] | undefined): string | null {
  if (!members?.length) return T.membersRequired;
  if (!members.some((m) => !m.backup)) return T.membersNeedRegular;
  return null;
}

/** The body of /api/qw/lxw/add (and update) from the form's values, members in their order. */
export function inputOf(v: CodeFormValues): ChannelCodeInput {
  return {
    name: v.name.trim(),
    groupId: v.groupId ?? null,
    members: v.members.map((m) => ({ userid: m.userid, dailyCap: m.dailyCap ?? null, backup: Boolean(m.backup) })),
    distribution: v.distribution,
    dailyCap: v.dailyCap ?? 0,
    schedule: v.schedule,
    tagIds: v.tagIds,
    welcome: v.welcome,
    skipVerify: v.skipVerify,
    remark: v.remark?.trim() ?? '',
  };
}


function DistributionChoice({ value, onChange, id }: { value?: Distribution; onChange?: (v: Distribution) => void; id?: string }) {
  return (
    <Radio.Group id={id} value={value} onChange={(e) => onChange?.(e.target.value as Distribution)} style={{ width: '100%' }} data-testid="distribution">
      <Flex gap={12} wrap>
        {DISTRIBUTIONS.map((d) => {
          const active = value === d;
          return (
            <label
              key={d}
              style={{
                flex: '1 1 0',
                minWidth: 200,
                border: `1px solid ${active ? '#1677ff' : '#d9d9d9'}`,
                background: active ? '#f0f7ff' : '#fff',
                borderRadius: 8,
                padding: '10px 12px',
                cursor: 'pointer',
                transition: 'all .2s',
              }}
              data-testid={`distribution-${d}`}
            >
              <Radio value={d} style={{ fontWeight: 500 }}>
                {DISTRIBUTION_LABEL[d]}
              </Radio>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4, paddingInlineStart: 24 }}>
                {DISTRIBUTION_HINT[d]}
              </Typography.Text>
            </label>
          );
        })}
      </Flex>
    </Radio.Group>
  );
}

function CodeForm({ code }: { code?: ChannelCode }) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = useAddCode(workId);
  const update = useUpdateCode(workId);
  const [form] = Form.useForm<CodeFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const codeCap = Form.useWatch('dailyCap', form) ?? 0;
  const looks = useMemo(() => new Map<string, MemberLook>((code?.members ?? []).map((m) => [m.userid, { name: m.name, avatar: m.avatar }])), [code]);
  const back = () => navigate(code ? `/channel-qrcode/detail?id=${code.id}` : '/channel-qrcode/list');

  const submit = async (values: CodeFormValues) => {
    setSaving(true);
    setError(null);
    try {
      const input = inputOf(values);
      const saved = await runAction(() => (code ? update.mutateAsync({ id: code.id, ...input }) : add.mutateAsync(input)), {
        loading: code ? undefined : T.creating,
        success: code ? T.saved : T.created,
      });
      navigate(`/channel-qrcode/detail?id=${saved.id}`);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : T.saveFailed);
      top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div ref={top}>
      <Form<CodeFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '128px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        colon={false}
        initialValues={code ? valuesOf(code) : EMPTY}
        onFinish={submit}
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        data-testid="code-form"
      >
        <Flex vertical gap={16}>
          {error ? <Alert type="error" showIcon title={T.saveFailed} description={error} closable onClose={() => setError(null)} data-testid="form-error" /> : null}
          {code?.status === 'failed' ? (
            <Alert type="warning" showIcon title={T.failedTitle} description={`${code.error ?? ''}${T.failedRetryHint}`} data-testid="form-failed" />
          ) : null}
          <FormSection title={T.section.basic}>
            <Form.Item name="name" label={T.name} rules={[{ required: true, whitespace: true, message: T.nameRequired }]} extra={T.nameHint}>
              <Input placeholder={T.namePlaceholder} maxLength={30} showCount style={{ width: 420 }} data-testid="code-name-input" />
            </Form.Item>
            <Form.Item name="groupId" label={T.group}>
              <GroupSelect />
            </Form.Item>
            <Form.Item name="remark" label={T.remark} style={{ marginBottom: 0 }}>
              <Input.TextArea placeholder={T.remarkPlaceholder} maxLength={100} showCount autoSize={{ minRows: 2, maxRows: 4 }} style={{ width: 420 }} data-testid="code-remark-input" />
            </Form.Item>
          </FormSection>

          <FormSection title={T.section.reception} hint={T.section.receptionHint}>
            <Form.Item
              name="members"
              label={T.membersLabel}
              required
              extra={T.backupHint}
              rules={[
                {
                  validator: async (_r, v: CodeMemberInput[] | undefined) => {
                    const problem = membersProblem(v);
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              <MemberListEditor codeCap={codeCap} looks={looks} />
            </Form.Item>
            <Form.Item name="distribution" label={T.distributionLabel} required>
              <DistributionChoice />
            </Form.Item>
            <Form.Item label={T.capLabel} htmlFor="dailyCap" required extra={T.capHint}>
              <Flex align="center" gap={8}>
                <Form.Item name="dailyCap" noStyle rules={[{ required: true, message: T.capRequired }]}>
                  <InputNumber<number> min={0} max={100_000} precision={0} suffix={T.capUnit} style={{ width: 160 }} data-testid="code-cap-input" />
                </Form.Item>
                <Typography.Text type="secondary">{codeCap ? `每位成员每天最多 ${codeCap} 人` : T.unlimited}</Typography.Text>
              </Flex>
            </Form.Item>
            <Form.Item name="schedule" label={T.scheduleLabel} rules={[scheduleRule()]} extra={T.scheduleHint} style={{ marginBottom: 0 }}>
              <ScheduleEditor emptyText={T.scheduleEmptyText} emptyHint={T.scheduleEmptyHint} />
            </Form.Item>
          </FormSection>

          <FormSection title={T.section.customer} hint={T.section.customerHint}>
            <Form.Item name="tagIds" label={T.tagsLabel} extra={T.tagsHint}>
              <TagSelect style={{ maxWidth: 520 }} />
            </Form.Item>
            <Form.Item name="welcome" label={T.welcomeLabel} rules={[welcomeRule]} tooltip={T.welcomeHint}>
              <WelcomeEditor />
            </Form.Item>
            <Form.Item label={T.skipVerify} htmlFor="skipVerify" extra={T.skipVerifyHint} style={{ marginBottom: 0 }}>
              <Form.Item name="skipVerify" valuePropName="checked" noStyle>
                <Switch data-testid="code-skip-verify" />
              </Form.Item>
            </Form.Item>
          </FormSection>

          <FormFooter
            cancelText={T.cancel}
            submitText={code ? T.submitEdit : T.submitCreate}
            saving={saving}
            onCancel={back}
            testIds={{ cancel: 'code-cancel', submit: 'code-submit' }}
          />
        </Flex>
      </Form>
    </div>
  );
}

function EditCode({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const query = useCode(workId, id);
  return (
    <LoadedCard query={query} notFound={T.notFound} back={<Button onClick={() => navigate('/channel-qrcode/list')}>{T.back}</Button>} testIds={{ notFound: 'code-not-found', error: 'code-load-error' }}>
      {(code) => <CodeForm key={code.id} code={code} />}
    </LoadedCard>
  );
}

export default function ChannelQrcodeCreatePage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = Number(raw);
  const title = raw === null ? T.createTitle : T.editTitle;
  if (!workId) return <NoWorkSpace title={title} hint={T.noWorkHint} />;
  return (
    <PageFrame title={title} bare>
      {raw === null ? (
        <CodeForm />
      ) : Number.isInteger(id) && id > 0 ? (
        <EditCode key={`${workId}:${id}`} id={id} workId={workId} />
      ) : (
        <Card variant="borderless">
          <Result status="404" title={T.notFound} subTitle={T.invalidId} />
        </Card>
      )}
    </PageFrame>
  );
}

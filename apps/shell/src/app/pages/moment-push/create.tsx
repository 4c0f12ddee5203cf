// 新建朋友圈 (/moment-push/create), and with ?id= the same form for one still waiting for its time: name,
// text, up to 9 images or one video or one link from the material library (the rule held in the form),
// who publishes and which customers see it, now or at a time in China time; a moments-style preview.
import { useRef, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form, Input, Radio, Result, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MOMENT_TEXT_MAX_CHARS, type MomentDetail, type MomentInput } from '@scrm/contracts/moment';
import type { Material } from '@scrm/contracts/material';
import { ApiRequestError, runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { formatTime, FormFooter, FormSection, LoadedCard, MaterialAttachments, MaterialPicker, MemberSelect, NoWorkSpace, TagSelect, useMaterials } from '@scrm/web-parts';
import { useAddMoment } from './api/add-moment';
import { useMoment } from './api/get-moment';
import { useUpdateMoment } from './api/update-moment';
import { attachmentProblem, MOMENT_TYPES, pickerMax } from './moment-parts';
import { MomentPreview } from './moment-preview';
import { T } from './texts';

const CHINA_OFFSET_MS = 8 * 3_600_000;

export interface MomentFormValues {
  name: string;
  text: string;
  materialIds: number[];
  userids: string[];
  tagIds: string[];
  mode: 'now' | 'scheduled';
  /** Its wall-clock fields are China time. */
  sendAt: Dayjs | null;
}

/** A picked date-time's fields read as China time (UTC+8), as epoch ms. */
export const chinaEpoch = (d: Dayjs) => Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute()) - CHINA_OFFSET_MS;
/** An epoch as a Dayjs whose fields show China time. */
export const chinaDayjs = (ms: number) => dayjs(formatTime(ms));

const EMPTY: MomentFormValues = { name: '', text: '', materialIds: [], userids: [], tagIds: [], mode: 'now', sendAt: null };

const valuesOf = (m: MomentDetail): MomentFormValues => ({
  name: m.name,
  text: m.content.text,
  materialIds: m.content.materialIds,
  userids: m.range.userids,
  tagIds: m.range.tagIds,
  mode: 'scheduled',
  sendAt: m.sendAt === null ? null : chinaDayjs(m.sendAt),
});

/** The body of /api/qw/moment/add (and update) from the form's values. */
export function inputOf(v: MomentFormValues, departmentIds: number[] = []): MomentInput {
  return {
    name: v.name.trim(),
    content: { text: v.text.trim(), materialIds: v.materialIds },
    range: { userids: v.userids, departmentIds, tagIds: v.tagIds },
    sendAt: v.mode === 'scheduled' && v.sendAt ? chinaEpoch(v.sendAt) : null,
  };
}

/** The chosen materials with the picker and the list; refuses a pick that breaks the rule. */
function Attachments({ value = [], onChange, materials, id }: { value?: number[]; onChange?: (ids: number[]) => void; materials: Map<number, Material>; id?: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = value.map((i) => materials.get(i)).filter((m): m is Material => Boolean(m));
  const full = chosen.length >= pickerMax(chosen);
  return (
    <Flex vertical gap={8} id={id}>
      <Flex gap={12} align="center">
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} disabled={full} data-testid="moment-add-attachments">
          {T.addAttachments}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.attachmentsHint}
        </Typography.Text>
      </Flex>
      {problem ? <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} data-testid="moment-attachment-problem" /> : null}
      <MaterialAttachments ids={value} onChange={(ids) => onChange?.(ids)} />
      <MaterialPicker
        open={open}
        value={value}
        max={chosen.length && chosen[0]!.type !== 'image' ? 1 : pickerMax(chosen)}
        types={MOMENT_TYPES}
        onCancel={() => setOpen(false)}
        onOk={(ids, picked) => {
          const all = new Map([...materials, ...picked.map((m) => [m.id, m] as const)]);
          const next = ids.map((i) => all.get(i)).filter((m): m is Material => Boolean(m));
          const why = attachmentProblem(next);
          setProblem(why);
          if (why) return;
          setOpen(false);
          onChange?.(ids);
        }}
      />
    </Flex>
  );
}

function MomentForm({ moment }: { moment?: MomentDetail }) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = useAddMoment(workId);
  const update = useUpdateMoment(workId);
  const [form] = Form.useForm<MomentFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const text = Form.useWatch('text', form) ?? moment?.content.text ?? '';
  const ids = Form.useWatch('materialIds', form) ?? moment?.content.materialIds ?? [];
  const mode = Form.useWatch('mode', form) ?? (moment ? 'scheduled' : 'now');
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const loaded = useMaterials(workId, { ids: sorted }, { enabled: sorted.length > 0 });
  const byId = new Map((loaded.data?.list ?? []).map((m) => [m.id, m] as const));
  const back = () => navigate(moment ? `/moment-push/detail?id=${moment.id}` : '/moment-push/list');

  const submit = async (values: MomentFormValues) => {
    setSaving(true);
    setError(null);
    try {
      // Departments are kept as saved (the form has no department picker).
      const input = inputOf(values, moment?.range.departmentIds);
      const saved = await runAction(() => (moment ? update.mutateAsync({ id: moment.id, ...input }) : add.mutateAsync(input)), { success: T.saved });
      navigate(`/moment-push/detail?id=${saved.id}`);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : String(err));
      top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div ref={top}>
      <Form<MomentFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        colon={false}
        initialValues={moment ? valuesOf(moment) : EMPTY}
        onFinish={submit}
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        data-testid="moment-form"
      >
        <Flex vertical gap={16}>
          {error ? <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} data-testid="form-error" /> : null}
          <Flex gap={16} align="flex-start">
            <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
              <FormSection title={T.contentSection}>
                <Form.Item name="name" label={T.name} rules={[{ required: true, whitespace: true, message: T.nameRequired }]}>
                  <Input placeholder={T.namePlaceholder} maxLength={30} showCount style={{ maxWidth: 420 }} data-testid="moment-name-input" />
                </Form.Item>
                <Form.Item
                  name="text"
                  label={T.text}
                  rules={[
                    {
                      validator: async (_r, v: string | undefined) => {
                        if (!v?.trim() && !form.getFieldValue('materialIds')?.length) throw new Error(T.contentRequired);
                      },
                    },
                  ]}
                >
                  <Input.TextArea placeholder={T.textPlaceholder} maxLength={MOMENT_TEXT_MAX_CHARS} showCount autoSize={{ minRows: 4, maxRows: 10 }} data-testid="moment-text-input" />
                </Form.Item>
                <Form.Item
                  name="materialIds"
                  label={T.attachments}
                  rules={[
                    {
                      validator: async (_r, v: number[] | undefined) => {
                        const problem = attachmentProblem((v ?? []).map((i) => byId.get(i)).filter((m): m is Material => Boolean(m)));
                        if (problem) throw new Error(problem);
                      },
                    },
                  ]}
                  style={{ marginBottom: 0 }}
                >
                  <Attachments materials={byId} />
                </Form.Item>
              </FormSection>
              <FormSection title={T.range}>
                <Form.Item name="userids" label={T.members} extra={T.membersHint}>
                  <MemberSelect mode="multiple" placeholder={T.membersPlaceholder} maxCount={1000} style={{ maxWidth: 520 }} data-testid="moment-members" />
                </Form.Item>
                <Form.Item name="tagIds" label={T.tags} extra={T.tagsHint}>
                  <TagSelect placeholder={T.tagsPlaceholder} maxCount={100} style={{ maxWidth: 520 }} data-testid="moment-tags" />
                </Form.Item>
                <Form.Item label={T.sendMode} required style={{ marginBottom: 0 }}>
                  <Flex gap={12} align="center" wrap>
                    <Form.Item name="mode" noStyle>
                      <Radio.Group data-testid="moment-mode">
                        <Radio value="now">{T.now}</Radio>
                        <Radio value="scheduled">{T.scheduled}</Radio>
                      </Radio.Group>
                    </Form.Item>
                    {mode === 'scheduled' ? (
                      <Form.Item
                        name="sendAt"
                        noStyle
                        rules={[
                          { required: true, message: T.sendAtRequired },
                          {
                            validator: async (_r, v: Dayjs | null) => {
                              if (v && chinaEpoch(v) <= Date.now()) throw new Error(T.sendAtPast);
                            },
                          },
                        ]}
                      >
                        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={T.sendAtRequired} style={{ width: 220 }} data-testid="moment-send-at" />
                      </Form.Item>
                    ) : null}
                    {mode === 'scheduled' ? <Typography.Text type="secondary">{T.sendAtChina}</Typography.Text> : null}
                  </Flex>
                </Form.Item>
              </FormSection>
            </Flex>
            <FormSection title={T.preview}>
              <MomentPreview text={text} materials={ids.map((i) => (loaded.isPending ? undefined : (byId.get(i) ?? null)))} />
            </FormSection>
          </Flex>
          <FormFooter
            cancelText={T.back}
            submitText={mode === 'scheduled' ? T.submitScheduled : T.submit}
            saving={saving}
            onCancel={back}
            testIds={{ cancel: 'moment-form-cancel', submit: 'moment-form-submit' }}
          />
        </Flex>
      </Form>
    </div>
  );
}

function EditMoment({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const query = useMoment(workId, id);
  const back = <Button onClick={() => navigate('/moment-push/list')}>{T.back}</Button>;
  return (
    <PageFrame title={T.editTitle} bare>
      <LoadedCard query={query} notFound={T.notFound} back={back} testIds={{ notFound: 'moment-not-found', error: 'moment-error' }}>
        {(m) => (m.status === 'scheduled' ? <MomentForm moment={m} /> : <Result status="warning" title={T.notEditable} extra={back} data-testid="moment-not-editable" />)}
      </LoadedCard>
    </PageFrame>
  );
}

export default function MomentCreatePage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!workId) return <NoWorkSpace title={T.createTitle} hint={T.noWorkHint} />;
  if (Number.isInteger(id) && id > 0) return <EditMoment key={`${workId}:${id}`} id={id} workId={workId} />;
  return (
    <PageFrame title={T.createTitle} bare>
      <MomentForm key={workId} />
    </PageFrame>
  );
}

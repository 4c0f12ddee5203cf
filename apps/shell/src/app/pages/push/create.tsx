// 新建 / 编辑群发 (/push/create, ?id= to edit one still scheduled): a name, customers or groups, the
// audience with its live count, text and library attachments with a phone preview, now or at a time.
import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, Radio, Result, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PUSH_CHAT_TYPE_LABEL, PUSH_SCHEDULE_MAX_DAYS, PushInput, type PushAudience, type PushChatType, type PushContent, type PushDetail } from '@scrm/contracts/push';
import { runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { FormFooter, FormSection, LoadedCard, NoWorkSpace, positiveIdOf, retryUnlessNotFound, welcomeProblem, WelcomeEditor } from '@scrm/web-parts';
import { useAddPush } from './api/add-push';
import { usePush } from './api/get-push';
import { useUpdatePush } from './api/update-push';
import { AudienceFields, cleanAudience } from './audience';
import { PUSH_LIST_PATH, pushDetailPath } from './list';
import { dayDisabled, instantOf, sendAtProblem, wallOf } from './send-time';
import { T } from './texts';

const NAME_MAX = (PushInput.properties.name as { maxLength?: number }).maxLength ?? 30;

interface Values {
  name: string;
  chatType: PushChatType;
  audience: PushAudience;
  content: PushContent;
  sendMode: 'now' | 'later';
  sendAt?: Dayjs | null;
}

function initialOf(push?: PushDetail): Values {
  if (!push) return { name: '', chatType: 'single', audience: { tagMode: 'any' }, content: { text: '', materialIds: [] }, sendMode: 'now', sendAt: null };
  return {
    name: push.name,
    chatType: push.chatType,
    audience: { tagMode: 'any', ...push.audience },
    content: push.content,
    sendMode: push.sendAt ? 'later' : 'now',
    sendAt: push.sendAt ? wallOf(push.sendAt) : null,
  };
}

/** The body the form sends. */
export function inputOf(v: Values): PushInput {
  return {
    name: v.name.trim(),
    chatType: v.chatType,
    audience: cleanAudience(v.chatType, v.audience ?? {}),
    content: { text: v.content.text, materialIds: v.content.materialIds },
    sendAt: v.sendMode === 'later' && v.sendAt ? instantOf(v.sendAt) : null,
  };
}

/** Why the content cannot go (nothing in it, too long), in Chinese; null when fine. */
export function contentProblem(c: PushContent | undefined): string | null {
  if (!c || (!c.text.trim() && !c.materialIds.length)) return T.content.required;
  return welcomeProblem(c, T.content.noun);
}

function PushForm({ push }: { push?: PushDetail }) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = useAddPush(workId);
  const update = useUpdatePush(workId);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial = initialOf(push);
  const chatType: PushChatType = Form.useWatch('chatType', form) ?? initial.chatType;
  const sendMode = Form.useWatch('sendMode', form) ?? initial.sendMode;

  const submit = async (v: Values) => {
    setSaving(true);
    const body = inputOf(v);
    try {
      const saved = push
        ? await runAction(() => update.mutateAsync({ id: push.id, ...body }), { success: T.saved })
        : await runAction(() => add.mutateAsync(body), { success: T.created });
      navigate(pushDetailPath(saved.id));
    } catch {
      // runAction has shown why; the form keeps what was entered.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      initialValues={initial}
      onFinish={submit}
      labelCol={{ flex: '120px' }}
      wrapperCol={{ flex: 'auto' }}
      labelWrap
      scrollToFirstError
      data-testid="push-form"
    >
      <Flex vertical gap={16}>
        <FormSection title={T.section.basic}>
          <Form.Item
            name="name"
            label={T.name}
            rules={[
              { required: true, whitespace: true, message: T.nameRequired },
              { max: NAME_MAX, message: T.nameTooLong(NAME_MAX) },
            ]}
          >
            <Input placeholder={T.namePlaceholder} maxLength={NAME_MAX} showCount style={{ maxWidth: 520 }} data-testid="push-name-input" />
          </Form.Item>
          <Form.Item name="chatType" label={T.chatType} style={{ marginBottom: 0 }}>
            <Radio.Group optionType="button" options={Object.entries(PUSH_CHAT_TYPE_LABEL).map(([value, label]) => ({ value, label }))} data-testid="push-chat-type" />
          </Form.Item>
        </FormSection>

        <FormSection title={T.section.audience}>
          <AudienceFields chatType={chatType} />
        </FormSection>

        <FormSection title={T.section.content}>
          <Form.Item
            name="content"
            label={T.contentLabel}
            required
            rules={[
              {
                validator: async (_, c: PushContent | undefined) => {
                  const problem = contentProblem(c);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
            style={{ marginBottom: 0 }}
          >
            <WelcomeEditor plain={T.content} />
          </Form.Item>
        </FormSection>

        <FormSection title={T.section.time}>
          <Form.Item name="sendMode" label={T.sendMode}>
            <Radio.Group
              options={[
                { value: 'now', label: T.sendNow },
                { value: 'later', label: T.sendLater },
              ]}
              data-testid="push-send-mode"
            />
          </Form.Item>
          {sendMode === 'later' ? (
            <Form.Item
              name="sendAt"
              label={T.sendAt}
              extra={T.sendAtHint(PUSH_SCHEDULE_MAX_DAYS)}
              rules={[
                { required: true, message: T.sendAtRequired },
                {
                  validator: async (_, at: Dayjs | null | undefined) => {
                    const problem = at ? sendAtProblem(instantOf(at), Date.now()) : null;
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
              style={{ marginBottom: 0 }}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={T.sendAtPlaceholder}
                disabledDate={(d) => dayDisabled(d, Date.now())}
                style={{ width: 240 }}
                data-testid="push-send-at"
              />
            </Form.Item>
          ) : null}
        </FormSection>

        <FormFooter
          cancelText={T.cancel}
          submitText={push ? T.submitSave : T.submitCreate}
          saving={saving}
          onCancel={() => navigate(-1)}
          testIds={{ cancel: 'push-form-cancel', submit: 'push-submit' }}
        />
      </Flex>
    </Form>
  );
}

function EditPush({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const push = usePush(workId, id, { retry: retryUnlessNotFound });
  const back = <Button onClick={() => navigate(PUSH_LIST_PATH)}>{T.back}</Button>;
  return (
    <PageFrame title={T.editTitle} bare>
      <LoadedCard query={push} notFound={T.notFound} back={back} testIds={{ notFound: 'push-missing', error: 'push-load-error' }}>
        {(p) =>
          p.status === 'scheduled' ? (
            <PushForm push={p} />
          ) : (
            <Result
              status="warning"
              title={T.notEditable}
              extra={[
                <Button key="detail" type="primary" onClick={() => navigate(pushDetailPath(p.id))}>
                  {T.detail}
                </Button>,
                <span key="back">{back}</span>,
              ]}
              data-testid="push-not-editable"
            />
          )
        }
      </LoadedCard>
    </PageFrame>
  );
}

export function PushCreatePage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = positiveIdOf(params.get('id'));
  if (!workId) return <NoWorkSpace title={id ? T.editTitle : T.createTitle} hint={T.noWorkHint} />;
  if (id !== null) return <EditPush key={`${workId}-${id}`} id={id} workId={workId} />;
  return (
    <PageFrame title={T.createTitle} bare>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {T.emptyHint}
      </Typography.Paragraph>
      <PushForm key={workId} />
    </PageFrame>
  );
}

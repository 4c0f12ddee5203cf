// 新建 / 编辑一客一码: the batch (name, member, validity 1–14 days, auto-tags, welcome, skip-verify) and its
// leads (typed, pasted or imported from a spreadsheet). With ?id= it edits a batch: name, tags and welcome
// (copied to every code) and extra leads; member, validity and skip-verify stay as created.
import { useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DAY_MS } from '@scrm/contracts/china-time';
import { EMPTY_WELCOME, type WelcomeMessage } from '@scrm/contracts/contact-way';
import { LEAD_BATCH_MAX, LEAD_MAX_DAYS, type LeadBatch } from '@scrm/contracts/lead';
import { runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { formatTime, LoadedCard, MemberSelect, NoWorkSpace, retryUnlessNotFound, TagSelect, WelcomeEditor, welcomeRule } from '@scrm/web-parts';
import { useAddBatch } from '../../api/add-batch';
import { useBatch } from '../../api/get-batch';
import { useUpdateBatch } from '../../api/update-batch';
import { T } from '../../texts';
import { LeadEditor } from './lead-editor';
import { isBlank, leadListProblem, newDraft, type LeadDraft } from './lead-import';

interface Values {
  name: string;
  userid?: string;
  expiresDays: number;
  tagIds: string[];
  welcome: WelcomeMessage;
  skipVerify: boolean;
}

const NAME_MAX = 30;
const DEFAULT_DAYS = 7;

function BatchForm({ batch }: { batch?: LeadBatch }) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = useAddBatch(workId);
  const update = useUpdateBatch(workId);
  const [form] = Form.useForm<Values>();
  const [leads, setLeads] = useState<LeadDraft[]>(() => [newDraft()]);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [memberName, setMemberName] = useState<string>();
  const leadsCard = useRef<HTMLDivElement>(null);
  const days = Form.useWatch('expiresDays', form);
  const editing = Boolean(batch);
  // An expired batch takes no more leads (its codes no longer work).
  const expired = Boolean(batch && batch.expiresAt <= Date.now());
  const filled = leads.filter((d) => !isBlank(d));
  const listProblem = expired ? null : leadListProblem(leads, { existing: batch?.total ?? 0, required: !editing });

  const initial: Values = batch
    ? { name: batch.name, userid: batch.userid, expiresDays: 1, tagIds: batch.tagIds, welcome: batch.welcome, skipVerify: batch.skipVerify }
    : { name: '', expiresDays: DEFAULT_DAYS, tagIds: [], welcome: EMPTY_WELCOME, skipVerify: true };

  const submit = async (values: Values) => {
    setSubmitted(true);
    if (listProblem) {
      leadsCard.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const list = (expired ? [] : filled).map((d) => ({ name: d.name.trim(), phone: d.phone.trim(), remark: d.remark.trim() }));
    setSaving(true);
    try {
      if (batch) {
        await runAction(() => update.mutateAsync({ id: batch.id, name: values.name.trim(), tagIds: values.tagIds, welcome: values.welcome, ...(list.length ? { leads: list } : {}) }), { success: T.saved });
        navigate(`/customer-qrcode/detail?id=${batch.id}`);
      } else {
        const made = await runAction(
          () => add.mutateAsync({ name: values.name.trim(), userid: values.userid!, expiresDays: values.expiresDays, tagIds: values.tagIds, welcome: values.welcome, skipVerify: values.skipVerify, leads: list }),
          { success: T.created(list.length) },
        );
        navigate(`/customer-qrcode/detail?id=${made.id}`);
      }
    } catch {
      // runAction has shown why; the form keeps what was entered.
    } finally {
      setSaving(false);
    }
  };

  const expiryHint = batch
    ? T.expiryFixed(formatTime(batch.expiresAt).slice(0, 16))
    : typeof days === 'number' && days >= 1 && days <= LEAD_MAX_DAYS
      ? `${T.expiresAt(formatTime(Date.now() + days * DAY_MS).slice(0, 16))}；${T.daysHint(LEAD_MAX_DAYS)}`
      : T.daysHint(LEAD_MAX_DAYS);

  return (
    <Form<Values>
      form={form}
      initialValues={initial}
      onFinish={submit}
      onFinishFailed={() => {
        setSubmitted(true);
        const first = form.getFieldsError().find((f) => f.errors.length);
        if (first) form.scrollToField(first.name, { block: 'center' });
      }}
      labelCol={{ flex: '128px' }}
      wrapperCol={{ flex: 'auto' }}
      labelWrap
      data-testid="batch-form"
    >
      <Flex vertical gap={16}>
        <Card variant="borderless" title={T.section.batch}>
          <Form.Item
            name="name"
            label={T.name}
            extra={T.nameHint}
            rules={[
              { required: true, whitespace: true, message: T.nameRequired },
              { max: NAME_MAX, message: T.nameTooLong(NAME_MAX) },
            ]}
          >
            <Input placeholder={T.namePlaceholder} maxLength={NAME_MAX} showCount style={{ maxWidth: 520 }} data-testid="batch-name-input" />
          </Form.Item>
          <Form.Item name="userid" label={T.member} extra={editing ? T.memberFixed : T.memberHint} rules={editing ? [] : [{ required: true, message: T.memberRequired }]}>
            <MemberSelect disabled={editing} contactOnly={!editing} style={{ maxWidth: 520 }} onChange={(_u, m) => setMemberName(m?.name)} data-testid="batch-member" />
          </Form.Item>
          {editing ? (
            <Form.Item label={T.days}>
              <Typography.Text data-testid="batch-expiry-fixed">{expiryHint}</Typography.Text>
            </Form.Item>
          ) : (
            <Form.Item
              name="expiresDays"
              label={T.days}
              extra={expiryHint}
              rules={[
                { required: true, message: T.daysRequired },
                { type: 'integer', min: 1, max: LEAD_MAX_DAYS, message: T.daysRange(LEAD_MAX_DAYS) },
              ]}
            >
              <InputNumber min={1} max={LEAD_MAX_DAYS} precision={0} suffix={T.daysUnit} style={{ width: 160 }} data-testid="batch-days" />
            </Form.Item>
          )}
          <Form.Item name="tagIds" label={T.tags} extra={T.tagsHint}>
            <TagSelect style={{ maxWidth: 520 }} />
          </Form.Item>
          <Form.Item name="skipVerify" label={T.skipVerify} valuePropName="checked" extra={editing ? T.skipVerifyFixed : T.skipVerifyHint}>
            <Switch disabled={editing} />
          </Form.Item>
        </Card>

        <div ref={leadsCard}>
          <Card variant="borderless" title={editing ? T.section.extraLeads : T.section.leads}>
            {expired ? (
              <Alert type="info" showIcon title={T.expiredNoLeads} data-testid="leads-expired" />
            ) : (
              <>
                <Typography.Paragraph type="secondary">{editing ? T.extraLeadsHint(LEAD_BATCH_MAX, batch!.total) : T.leadsHint(LEAD_BATCH_MAX)}</Typography.Paragraph>
                {submitted && listProblem ? <Alert type="error" showIcon title={listProblem} style={{ marginBottom: 12 }} data-testid="leads-problem" /> : null}
                <LeadEditor value={leads} onChange={setLeads} existing={batch?.total ?? 0} showAll={submitted} />
              </>
            )}
          </Card>
        </div>

        <Card variant="borderless" title={T.section.welcome}>
          <Form.Item name="welcome" label={T.welcome} rules={[welcomeRule]} extra={T.welcomeHint}>
            <WelcomeEditor memberName={batch?.memberName ?? memberName} />
          </Form.Item>
        </Card>

        <Card variant="borderless">
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => navigate(-1)}>{T.cancel}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="batch-submit">
              {editing ? T.submitSave(expired ? 0 : filled.length) : T.submitCreate(filled.length)}
            </Button>
          </Flex>
        </Card>
      </Flex>
    </Form>
  );
}

function EditBatch({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const batch = useBatch(workId, id, { retry: retryUnlessNotFound });
  return (
    <PageFrame title={T.editTitle} bare>
      <LoadedCard query={batch} notFound={T.notFound} back={<Button onClick={() => navigate('/customer-qrcode/list')}>{T.back}</Button>} testIds={{ notFound: 'batch-missing' }}>
        {(b) => <BatchForm batch={b} />}
      </LoadedCard>
    </PageFrame>
  );
}

export default function CustomerQrcodeEditPage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  if (!workId) return <NoWorkSpace title={editing ? T.editTitle : T.createTitle} hint={T.noWorkHint} />;
  if (editing) return <EditBatch key={`${workId}-${id}`} id={id} workId={workId} />;
  return (
    <PageFrame title={T.createTitle} bare>
      <BatchForm key={workId} />
    </PageFrame>
  );
}

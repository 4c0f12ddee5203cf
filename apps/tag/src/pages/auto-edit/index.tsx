// 新建 / 编辑自动标签规则: a name, one condition (source codes, add-time window, keywords, groups), the tags
// to apply, and whether to tag the customers already there (补打). With ?id= it edits a rule.
import { useState } from 'react';
import { Button, Card, Checkbox, Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  AUTO_TAG_KEYWORD_MAX,
  AUTO_TAG_KEYWORDS_MAX,
  AUTO_TAG_KIND_LABEL,
  AUTO_TAG_NAME_MAX,
  KEYWORD_FIELD_LABEL,
  type AutoTagCondition,
  type AutoTagInput,
  type AutoTagKind,
  type AutoTagRule,
  type KeywordField,
} from '@scrm/contracts/auto-tag';
import { runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import type { WeeklySchedule } from '@scrm/contracts/china-time';
import { DEFAULT_RULE, LoadedCard, NoWorkSpace, retryUnlessNotFound, ScheduleEditor, scheduleRule, TagSelect } from '@scrm/web-parts';
import { useAddAutoTag } from '../../api/add-auto-tag';
import { useAutoTag } from '../../api/get-auto-tag';
import { useAutoTagOptions } from '../../api/get-auto-tag-options';
import { useUpdateAutoTag } from '../../api/update-auto-tag';
import { AT } from '../../texts';

interface Values {
  name: string;
  kind: AutoTagKind;
  codeIds: number[];
  schedule: WeeklySchedule;
  keywords: string[];
  fields: KeywordField[];
  chatIds: string[];
  tagIds: string[];
  backfill: boolean;
}

function initialOf(rule?: AutoTagRule): Values {
  const base: Values = {
    name: '',
    kind: 'source',
    codeIds: [],
    schedule: [DEFAULT_RULE],
    keywords: [],
    fields: ['remark', 'description', 'name'],
    chatIds: [],
    tagIds: [],
    backfill: true,
  };
  if (!rule) return base;
  const c = rule.condition;
  return {
    ...base,
    name: rule.name,
    kind: c.kind,
    tagIds: rule.tagIds,
    ...(c.kind === 'source' ? { codeIds: c.codeIds } : {}),
    ...(c.kind === 'time' ? { schedule: c.rules } : {}),
    ...(c.kind === 'keyword' ? { keywords: c.keywords, fields: c.fields } : {}),
    ...(c.kind === 'group' ? { chatIds: c.chatIds } : {}),
  };
}

/** The condition the form describes. */
export function conditionOf(v: Values): AutoTagCondition {
  switch (v.kind) {
    case 'source':
      return { kind: 'source', codeIds: v.codeIds };
    case 'time':
      return { kind: 'time', rules: v.schedule };
    case 'keyword':
      return { kind: 'keyword', keywords: v.keywords.map((k) => k.trim()).filter(Boolean), fields: v.fields };
    case 'group':
      return { kind: 'group', chatIds: v.chatIds };
  }
}

function RuleForm({ rule }: { rule?: AutoTagRule }) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = useAddAutoTag(workId);
  const update = useUpdateAutoTag(workId);
  const options = useAutoTagOptions(workId);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const kind: AutoTagKind = Form.useWatch('kind', form) ?? initialOf(rule).kind;

  const submit = async (v: Values) => {
    setSaving(true);
    const body: AutoTagInput = { name: v.name.trim(), tagIds: v.tagIds, condition: conditionOf(v), backfill: v.backfill };
    try {
      const saved = rule
        ? await runAction(() => update.mutateAsync({ id: rule.id, ...body }), { success: AT.saved })
        : await runAction(() => add.mutateAsync(body), { success: AT.created });
      navigate(`/tag/auto/detail?id=${saved.id}`);
    } catch {
      // runAction has shown why; the form keeps what was entered.
    } finally {
      setSaving(false);
    }
  };

  const codeOptions = (options.data?.codes ?? []).map((c) => ({ value: c.id, label: `${c.name}（${AT.codeKind[c.kind]}）` }));
  const groupOptions = (options.data?.groups ?? []).map((g) => ({ value: g.chatId, label: AT.groupOption(g.name, g.memberCount) }));

  return (
    <Form<Values>
      form={form}
      initialValues={initialOf(rule)}
      onFinish={submit}
      labelCol={{ flex: '120px' }}
      wrapperCol={{ flex: 'auto' }}
      labelWrap
      data-testid="rule-form"
    >
      <Flex vertical gap={16}>
        <Card variant="borderless" title={AT.section.basic}>
          <Form.Item
            name="name"
            label={AT.name}
            rules={[
              { required: true, whitespace: true, message: AT.nameRequired },
              { max: AUTO_TAG_NAME_MAX, message: AT.nameTooLong(AUTO_TAG_NAME_MAX) },
            ]}
          >
            <Input placeholder={AT.namePlaceholder} maxLength={AUTO_TAG_NAME_MAX} showCount style={{ maxWidth: 520 }} data-testid="rule-name-input" />
          </Form.Item>
        </Card>

        <Card variant="borderless" title={AT.section.condition}>
          <Form.Item name="kind" label={AT.kind}>
            <Radio.Group optionType="button" options={Object.entries(AUTO_TAG_KIND_LABEL).map(([value, label]) => ({ value, label }))} data-testid="rule-kind" />
          </Form.Item>
          {kind === 'source' ? (
            <Form.Item name="codeIds" label={AT.codes} extra={AT.codesHint} rules={[{ required: true, type: 'array', min: 1, message: AT.codesRequired }]}>
              <Select mode="multiple" options={codeOptions} loading={options.isPending} placeholder={AT.codesPlaceholder} optionFilterProp="label" style={{ maxWidth: 520 }} data-testid="codes-select" />
            </Form.Item>
          ) : null}
          {kind === 'time' ? (
            <Form.Item name="schedule" label={AT.ranges} extra={AT.rangesHint} rules={[scheduleRule(true, AT.schedule)]}>
              <ScheduleEditor texts={AT.schedule} />
            </Form.Item>
          ) : null}
          {kind === 'keyword' ? (
            <>
              <Form.Item
                name="keywords"
                label={AT.keywords}
                rules={[
                  { required: true, type: 'array', min: 1, message: AT.keywordsRequired },
                  { type: 'array', max: AUTO_TAG_KEYWORDS_MAX, message: AT.keywordsTooMany(AUTO_TAG_KEYWORDS_MAX) },
                  {
                    validator: async (_, list: string[] | undefined) => {
                      if ((list ?? []).some((k) => k.trim().length > AUTO_TAG_KEYWORD_MAX)) throw new Error(AT.keywordTooLong(AUTO_TAG_KEYWORD_MAX));
                    },
                  },
                ]}
              >
                <Select mode="tags" open={false} tokenSeparators={[',', '，']} placeholder={AT.keywordsPlaceholder} style={{ maxWidth: 520 }} data-testid="keywords" />
              </Form.Item>
              <Form.Item name="fields" label={AT.fields} rules={[{ required: true, type: 'array', min: 1, message: AT.fieldsRequired }]}>
                <Checkbox.Group options={Object.entries(KEYWORD_FIELD_LABEL).map(([value, label]) => ({ value, label }))} data-testid="keyword-fields" />
              </Form.Item>
            </>
          ) : null}
          {kind === 'group' ? (
            <Form.Item name="chatIds" label={AT.groups} extra={AT.groupsHint} rules={[{ required: true, type: 'array', min: 1, message: AT.groupsRequired }]}>
              <Select mode="multiple" options={groupOptions} loading={options.isPending} placeholder={AT.groupsPlaceholder} optionFilterProp="label" style={{ maxWidth: 520 }} data-testid="groups-select" />
            </Form.Item>
          ) : null}
        </Card>

        <Card variant="borderless" title={AT.section.tags}>
          <Form.Item name="tagIds" label={AT.tags} rules={[{ required: true, type: 'array', min: 1, message: AT.tagsRequired }]}>
            <TagSelect style={{ maxWidth: 520 }} data-testid="rule-tags" />
          </Form.Item>
          <Form.Item name="backfill" label={AT.backfill} valuePropName="checked" extra={AT.backfillHint}>
            <Switch data-testid="rule-backfill" />
          </Form.Item>
        </Card>

        <Card variant="borderless">
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => navigate(-1)}>{AT.cancel}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="rule-submit">
              {AT.save}
            </Button>
          </Flex>
        </Card>
      </Flex>
    </Form>
  );
}

function EditRule({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const rule = useAutoTag(workId, id, { retry: retryUnlessNotFound });
  return (
    <PageFrame title={AT.editTitle} bare>
      <LoadedCard query={rule} notFound={AT.notFound} back={<Button onClick={() => navigate('/tag/auto/list')}>{AT.back}</Button>} testIds={{ notFound: 'rule-missing' }}>
        {(r) => <RuleForm rule={r} />}
      </LoadedCard>
    </PageFrame>
  );
}

export default function TagAutoEditPage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!workId) return <NoWorkSpace title={id ? AT.editTitle : AT.createTitle} hint={AT.noWorkHint} />;
  if (Number.isInteger(id) && id > 0) return <EditRule key={`${workId}-${id}`} id={id} workId={workId} />;
  return (
    <PageFrame title={AT.createTitle} bare>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {AT.emptyHint}
      </Typography.Paragraph>
      <RuleForm key={workId} />
    </PageFrame>
  );
}

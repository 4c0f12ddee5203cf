// 新建员工活码: one personal code per chosen member (a batch when several), with a name template, auto-tags,
// a welcome message and skip-verify. With ?id= it edits one code (its member stays).
import { useMemo, useState } from 'react';
import { Button, Card, Flex, Form, Input, Space, Switch, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EMPTY_WELCOME, type WelcomeMessage } from '@scrm/contracts/contact-way';
import { STAFF_CODE_NAME_DEFAULT, STAFF_CODE_NAME_MAX, STAFF_CODE_NAME_PLACEHOLDER, staffCodeName, type StaffCode } from '@scrm/contracts/staff-code';
import type { MemberOption } from '@scrm/contracts/customer';
import { runAction, useStore } from '@scrm/web-kit';
import { PageFrame } from '@scrm/web-kit/ui';
import { LoadedCard, MemberSelect, NoWorkSpace, retryUnlessNotFound, TagSelect, WelcomeEditor, welcomeRule } from '@scrm/web-parts';
import { useAddCodes } from '../../api/add-codes';
import { useCode } from '../../api/get-code';
import { useUpdateCode } from '../../api/update-code';
import { T } from '../../texts';

interface Values {
  userids: string[];
  name: string;
  tagIds: string[];
  welcome: WelcomeMessage;
  skipVerify: boolean;
}

/** Names shown under the template: the first few members' code names. */
const PREVIEW_NAMES = 3;

function CodeForm({ code }: { code?: StaffCode }) {
  const navigate = useNavigate();
  const workId = useStore('workId');
  const add = useAddCodes(workId);
  const update = useUpdateCode(workId);
  const [form] = Form.useForm<Values>();
  const [members, setMembers] = useState<MemberOption[]>([]);
  const [saving, setSaving] = useState(false);
  const editing = Boolean(code);
  const name = Form.useWatch('name', form) ?? '';
  const userids = Form.useWatch('userids', form) ?? [];

  const initial: Values = code
    ? { userids: [code.userid], name: code.name, tagIds: code.tagIds, welcome: code.welcome, skipVerify: code.skipVerify }
    : { userids: [], name: STAFF_CODE_NAME_DEFAULT, tagIds: [], welcome: EMPTY_WELCOME, skipVerify: true };

  const preview = useMemo(() => {
    if (editing || !name.includes(STAFF_CODE_NAME_PLACEHOLDER) || !members.length) return null;
    const names = members.slice(0, PREVIEW_NAMES).map((m) => `「${staffCodeName(name, m.name)}」`).join('、');
    return members.length > PREVIEW_NAMES ? `${names} 等 ${members.length} 个` : names;
  }, [editing, name, members]);

  const insertName = () => {
    const current: string = form.getFieldValue('name') ?? '';
    if (current.length + STAFF_CODE_NAME_PLACEHOLDER.length <= STAFF_CODE_NAME_MAX) form.setFieldValue('name', current + STAFF_CODE_NAME_PLACEHOLDER);
    void form.validateFields(['name']);
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      if (code) {
        await runAction(() => update.mutateAsync({ id: code.id, name: values.name.trim(), tagIds: values.tagIds, welcome: values.welcome, skipVerify: values.skipVerify }), { success: T.saved });
        navigate(`/staff-qrcode/detail?id=${code.id}`);
      } else {
        const res = await runAction(
          () => add.mutateAsync({ userids: values.userids, name: values.name.trim() || STAFF_CODE_NAME_DEFAULT, tagIds: values.tagIds, welcome: values.welcome, skipVerify: values.skipVerify }),
          { success: T.createdMany(values.userids.length) },
        );
        navigate(res.ids.length === 1 ? `/staff-qrcode/detail?id=${res.ids[0]}` : '/staff-qrcode/list');
      }
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
      onFinishFailed={() => form.scrollToField(form.getFieldsError().find((f) => f.errors.length)?.name ?? 'userids', { block: 'center' })}
      labelCol={{ flex: '128px' }}
      wrapperCol={{ flex: 'auto' }}
      labelWrap
      data-testid="staff-code-form"
    >
      <Flex vertical gap={16}>
        <Card variant="borderless" title={T.section.members}>
          {editing ? (
            <Form.Item label={T.members} extra={T.memberFixed}>
              <MemberSelect value={code!.userid} disabled contactOnly={false} style={{ maxWidth: 520 }} />
            </Form.Item>
          ) : (
            <Form.Item name="userids" label={T.members} rules={[{ required: true, type: 'array', min: 1, message: T.membersRequired }]} extra={T.membersHint}>
              <MemberSelect mode="multiple" placeholder={T.membersPlaceholder} style={{ maxWidth: 520 }} onChange={(_ids, list) => setMembers(list)} data-testid="members-select" />
            </Form.Item>
          )}
        </Card>

        <Card variant="borderless" title={T.section.settings}>
          <Form.Item label={T.name} required extra={editing ? T.nameHint : (preview ? T.namePreview(preview) : T.nameTemplateHint)}>
            <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
              <Form.Item
                name="name"
                noStyle
                rules={[
                  { required: editing, whitespace: true, message: T.nameRequired },
                  { max: STAFF_CODE_NAME_MAX, message: T.nameTooLong(STAFF_CODE_NAME_MAX) },
                ]}
              >
                <Input placeholder={editing ? T.nameRequired : STAFF_CODE_NAME_DEFAULT} maxLength={STAFF_CODE_NAME_MAX} showCount data-testid="code-name-input" />
              </Form.Item>
              {editing ? null : (
                <Button onClick={insertName} data-testid="insert-member-name">
                  {T.insertMemberName}
                </Button>
              )}
            </Space.Compact>
          </Form.Item>
          <Form.Item name="tagIds" label={T.tags} extra={T.tagsHint}>
            <TagSelect style={{ maxWidth: 520 }} />
          </Form.Item>
          <Form.Item name="skipVerify" label={T.skipVerify} valuePropName="checked" extra={T.skipVerifyHint}>
            <Switch data-testid="skip-verify" />
          </Form.Item>
        </Card>

        <Card variant="borderless" title={T.section.welcome}>
          <Form.Item name="welcome" label={T.welcome} rules={[welcomeRule]} extra={T.welcomeHint}>
            <WelcomeEditor memberName={editing ? code!.memberName : members.length === 1 ? members[0]!.name : undefined} />
          </Form.Item>
        </Card>

        <Card variant="borderless">
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => navigate(-1)}>{T.cancel}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="code-submit">
              {editing ? T.save : T.submitCreate(userids.length)}
            </Button>
          </Flex>
        </Card>
      </Flex>
    </Form>
  );
}

function EditCode({ id, workId }: { id: number; workId: number }) {
  const navigate = useNavigate();
  const code = useCode(workId, id, { retry: retryUnlessNotFound });
  return (
    <PageFrame title={T.editTitle} bare>
      <LoadedCard query={code} notFound={T.notFound} back={<Button onClick={() => navigate('/staff-qrcode/list')}>{T.back}</Button>} testIds={{ notFound: 'code-missing' }}>
        {(c) => <CodeForm code={c} />}
      </LoadedCard>
    </PageFrame>
  );
}

export default function StaffQrcodeCreatePage() {
  const workId = useStore('workId');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!workId) return <NoWorkSpace title={id ? T.editTitle : T.createTitle} hint={T.noWorkHint} />;
  if (Number.isInteger(id) && id > 0) return <EditCode key={`${workId}-${id}`} id={id} workId={workId} />;
  return (
    <PageFrame title={T.createTitle} bare>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {T.emptyHint}
      </Typography.Paragraph>
      <CodeForm key={workId} />
    </PageFrame>
  );
}

// 新建子账号, and with ?id= the same form to edit one: login account, nickname, phone, a password (only
// when creating; 重置密码 on the list changes it later), the function role and the work spaces it may see.
import { Button, Card, Flex, Form, Input, Radio, Result, Select, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ChildAccount } from '@scrm/contracts/child';
import { runAction } from '@scrm/web-kit';
import { FormFooter, FormSection, LoadAlert, positiveIdOf } from '@scrm/web-parts';
import { useAddChild } from '../../api/add-child';
import { useChild } from '../../api/get-child';
import { useRoles } from '../../api/list-roles';
import { useWorkSpaces } from '../../api/list-work-spaces';
import { useUpdateChild } from '../../api/update-child';
import { PageFrame } from '@scrm/web-kit/ui';
import { ChildPasswordItem } from '../../components/child-password-item';
import { CHILD as T } from '../../texts';
import { EMPTY_CHILD, childValuesOf, createBodyOf, updateBodyOf, type ChildFormValues } from './child-form';

const LIST = '/setting/subaccount/list';

export function ChildForm({ child }: { child?: ChildAccount }) {
  const [form] = Form.useForm<ChildFormValues>();
  const navigate = useNavigate();
  const roles = useRoles({ page: 1, pageSize: 100 });
  const workSpaces = useWorkSpaces();
  const add = useAddChild();
  const update = useUpdateChild();
  const scope = Form.useWatch('scope', form);

  const submit = async (values: ChildFormValues) => {
    const all = { ...EMPTY_CHILD, ...values };
    try {
      await runAction(() => (child ? update.mutateAsync(updateBodyOf(child.id, all)) : add.mutateAsync(createBodyOf(all))), { success: T.saved });
      navigate(LIST);
    } catch {
      // the toast said why; the form keeps what was typed
    }
  };

  return (
    <Form<ChildFormValues> form={form} layout="vertical" initialValues={child ? childValuesOf(child) : EMPTY_CHILD} onFinish={(v) => void submit(v)} style={{ maxWidth: 720 }}>
      <Flex vertical gap={16}>
        <FormSection title={T.basics}>
          <Form.Item
            name="account"
            label={T.account}
            rules={[
              { required: true, whitespace: true, message: T.accountRequired },
              { min: 2, max: 32, message: T.accountLength },
            ]}
          >
            <Input placeholder={T.accountPlaceholder} maxLength={32} autoComplete="off" data-testid="child-account" />
          </Form.Item>
          <Form.Item name="nickname" label={T.nickname}>
            <Input placeholder={T.nicknamePlaceholder} maxLength={32} data-testid="child-nickname" />
          </Form.Item>
          <Form.Item name="phone" label={T.phone} rules={[{ pattern: /^\d{11}$/, message: T.phoneFormat }]}>
            <Input placeholder={T.phonePlaceholder} maxLength={11} data-testid="child-phone" />
          </Form.Item>
          {child ? null : <ChildPasswordItem label={T.password} testId="child-password-input" />}
        </FormSection>
        <FormSection title={T.access}>
          <Form.Item
            name="roleId"
            label={T.role}
            rules={[{ required: true, message: T.roleRequired }]}
            extra={
              <span>
                {T.roleHint} <Link to="/setting/role/list">{T.manageRoles}</Link>
              </span>
            }
          >
            <Select<number>
              placeholder={T.rolePlaceholder}
              loading={roles.isPending}
              options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
              data-testid="child-role"
            />
          </Form.Item>
          <Form.Item name="scope" label={T.workSpaces} style={{ marginBottom: scope === 'some' ? 8 : undefined }}>
            <Radio.Group
              options={[
                { value: 'some', label: T.workSpacesSome },
                { value: 'all', label: T.workSpacesAll },
              ]}
              data-testid="child-scope"
            />
          </Form.Item>
          {scope === 'some' ? (
            <Form.Item name="workSpaceIds" rules={[{ required: true, type: 'array', min: 1, message: T.workSpacesRequired }]}>
              <Select<number[]>
                mode="multiple"
                placeholder={T.workSpacesPlaceholder}
                loading={workSpaces.isPending}
                options={(workSpaces.data?.list ?? []).map((w) => ({ value: w.id, label: w.nickname }))}
                optionFilterProp="label"
                data-testid="child-work-spaces"
              />
            </Form.Item>
          ) : null}
        </FormSection>
        <FormFooter
          cancelText={T.cancel}
          submitText={T.save}
          saving={add.isPending || update.isPending}
          onCancel={() => navigate(LIST)}
          testIds={{ cancel: 'child-cancel', submit: 'child-submit' }}
        />
      </Flex>
    </Form>
  );
}

function EditExisting({ id }: { id: number }) {
  const child = useChild(id);
  if (child.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (child.isError) {
    const missing = (child.error as { code?: number }).code === 404;
    return missing ? (
      <Result status="404" title={T.notFound} extra={<Link to={LIST}><Button>{T.backToList}</Button></Link>} data-testid="child-not-found" />
    ) : (
      <LoadAlert error={child.error} onRetry={() => child.refetch()} />
    );
  }
  return <ChildForm child={child.data} />;
}

export default function SubaccountEditPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = positiveIdOf(raw);
  if (raw !== null && id === null)
    return (
      <Card variant="borderless">
        <Result status="404" title={T.invalidId} extra={<Link to={LIST}><Button>{T.backToList}</Button></Link>} />
      </Card>
    );
  return (
    <PageFrame title={id ? T.editTitle : T.createTitle} bare>
      <div data-testid="child-edit">{id ? <EditExisting id={id} /> : <ChildForm />}</div>
    </PageFrame>
  );
}

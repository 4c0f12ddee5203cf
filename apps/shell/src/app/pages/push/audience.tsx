// 发送对象: who a push reaches. To customers: members, tags (any / all / none of), source codes, add-time
// range, gender and customer groups; to groups: owners and, optionally, exact groups. Below it, the live
// 预计送达 count from /reach, asked again once the operator pauses.
import { useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form, Radio, Select, Space, Spin, Typography } from 'antd';
import { TeamOutlined, WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { GENDER_LABEL, TAG_MODE_LABEL, type TagMode } from '@scrm/contracts/customer';
import type { PushAudience, PushChatType, PushReachBody } from '@scrm/contracts/push';
import { useStore } from '@scrm/web-kit';
import { CodeSelect, MemberSelect, TagSelect, useDebouncedValue } from '@scrm/web-parts';
import { useReach } from './api/count-reach';
import { useGroupOptions } from './api/list-groups';
import { T } from './texts';

const REACH_DEBOUNCE_MS = 500;
const GROUP_SEARCH_SIZE = 50;
/** 男, 女, then 未知. */
const GENDER_ORDER = [1, 2, 0];
const FIELD_WIDTH = 520;

/** The audience as sent: empty choices left out, the tag mode only with tags, and only the fields of the type. */
export function cleanAudience(chatType: PushChatType, a: PushAudience): PushAudience {
  const out: PushAudience = {};
  const some = <V,>(v: V[] | undefined) => (v && v.length ? v : undefined);
  if (chatType === 'group') {
    if (some(a.ownerUserids)) out.ownerUserids = a.ownerUserids;
    if (some(a.chatIds)) out.chatIds = a.chatIds;
    return out;
  }
  if (some(a.userids)) out.userids = a.userids;
  if (some(a.tagIds)) {
    out.tagIds = a.tagIds;
    out.tagMode = a.tagMode ?? 'any';
  }
  if (some(a.contactWayIds)) out.contactWayIds = a.contactWayIds;
  if (a.addedFrom) out.addedFrom = a.addedFrom;
  if (a.addedTo) out.addedTo = a.addedTo;
  if (typeof a.gender === 'number') out.gender = a.gender;
  if (some(a.chatIds)) out.chatIds = a.chatIds;
  return out;
}

/** Customer groups searched by name (of the given owners), value = chat ids. */
function GroupSelect({ value, onChange, owners, placeholder, id }: { value?: string[]; onChange?(v: string[]): void; owners?: string[]; placeholder: string; id?: string }) {
  const workId = useStore('workId');
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input.trim());
  const groups = useGroupOptions(workId, { pageSize: GROUP_SEARCH_SIZE, ...(name ? { name } : {}), ...(owners?.length ? { owners } : {}) });
  // Names seen so far, so a choice keeps its name when the search moves on.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const listed = groups.data?.list ?? [];
  const options = useMemo(() => {
    const seen = new Map(known);
    for (const g of listed) seen.set(g.chatId, T.groupOption(g.name, g.ownerName));
    const chosen = (value ?? []).filter((c) => !listed.some((g) => g.chatId === c)).map((c) => ({ value: c, label: seen.get(c) ?? c }));
    return [...chosen, ...listed.map((g) => ({ value: g.chatId, label: T.groupOption(g.name, g.ownerName) }))];
  }, [listed, known, value]);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setInput}
      loading={groups.isFetching}
      placeholder={placeholder}
      maxTagCount="responsive"
      value={value ?? []}
      onChange={(ids: string[]) => {
        setKnown((prev) => new Map([...prev, ...options.map((o) => [o.value, o.label] as const)]));
        onChange?.(ids);
      }}
      options={options}
      style={{ width: '100%', maxWidth: FIELD_WIDTH }}
      data-testid="audience-groups"
    />
  );
}

/** 预计送达 N 位客户，M 名成员发送 (and those left out by WeCom's monthly cap), for the audience as it stands. */
export function ReachLine({ body }: { body: PushReachBody }) {
  const workId = useStore('workId');
  const settled = useDebouncedValue(body, REACH_DEBOUNCE_MS);
  const reach = useReach(workId, settled, { enabled: workId > 0 });
  if (reach.isError && !reach.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={T.reach.failed}
        action={
          <Button size="small" onClick={() => void reach.refetch()}>
            {T.reach.retry}
          </Button>
        }
        data-testid="push-reach"
      />
    );
  }
  const r = reach.data;
  return (
    <Alert
      type={r && r.targets === 0 ? 'warning' : 'info'}
      icon={<TeamOutlined />}
      showIcon
      style={{ maxWidth: FIELD_WIDTH + 120 }}
      data-testid="push-reach"
      title={
        <Spin spinning={reach.isFetching} size="small">
          {!r ? (
            <Typography.Text type="secondary">{T.reach.counting}</Typography.Text>
          ) : r.targets === 0 && r.overCap === 0 ? (
            <span data-testid="push-reach-count">{T.reach.none}</span>
          ) : (
            <Flex vertical gap={2}>
              <Typography.Text strong data-testid="push-reach-count">
                {settled.chatType === 'group' ? T.reach.group(r.targets, r.members) : T.reach.single(r.targets, r.members)}
              </Typography.Text>
              {r.overCap > 0 ? (
                <Typography.Text type="warning" data-testid="push-reach-over-cap">
                  <WarningOutlined /> {T.reach.overCap(r.overCap)}
                </Typography.Text>
              ) : null}
            </Flex>
          )}
        </Spin>
      }
    />
  );
}

/** The audience fields, inside the page's Form (names under 'audience'). */
export function AudienceFields({ chatType }: { chatType: PushChatType }) {
  const form = Form.useFormInstance();
  const watched: PushAudience | undefined = Form.useWatch('audience', form);
  const audience = watched ?? {};
  const body: PushReachBody = { chatType, audience: cleanAudience(chatType, audience) };
  // Until the form has given its values (the first render), there is nothing to count yet.
  const reach = watched ? <ReachLine body={body} /> : null;
  if (chatType === 'group') {
    return (
      <>
        <Form.Item name={['audience', 'ownerUserids']} label={T.owners} extra={T.ownersHint}>
          <MemberSelect mode="multiple" placeholder={T.ownersPlaceholder} style={{ maxWidth: FIELD_WIDTH }} data-testid="audience-owners" />
        </Form.Item>
        <Form.Item name={['audience', 'chatIds']} label={T.chats}>
          <GroupSelect owners={audience.ownerUserids} placeholder={T.chatsPlaceholder} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          {reach}
        </Form.Item>
      </>
    );
  }
  return (
    <>
      <Form.Item name={['audience', 'userids']} label={T.members} extra={T.membersHint}>
        <MemberSelect mode="multiple" placeholder={T.membersPlaceholder} style={{ maxWidth: FIELD_WIDTH }} data-testid="audience-members" />
      </Form.Item>
      <Form.Item label={T.tags}>
        <Space.Compact style={{ width: '100%', maxWidth: FIELD_WIDTH }}>
          <Form.Item name={['audience', 'tagMode']} noStyle>
            <Select
              options={(Object.keys(TAG_MODE_LABEL) as TagMode[]).map((m) => ({ value: m, label: TAG_MODE_LABEL[m] }))}
              style={{ width: 110, flex: 'none' }}
              aria-label={T.tagMode}
              data-testid="audience-tag-mode"
            />
          </Form.Item>
          <Form.Item name={['audience', 'tagIds']} noStyle>
            <TagSelect placeholder={T.tagsPlaceholder} style={{ flex: 1, minWidth: 0 }} data-testid="audience-tags" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name={['audience', 'contactWayIds']} label={T.codes}>
        <CodeSelect placeholder={T.codesPlaceholder} style={{ maxWidth: FIELD_WIDTH }} data-testid="audience-codes" />
      </Form.Item>
      <Form.Item label={T.addedAt}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={[audience.addedFrom ? dayjs(audience.addedFrom) : null, audience.addedTo ? dayjs(audience.addedTo) : null]}
          onChange={(v) => {
            form.setFieldValue(['audience', 'addedFrom'], v?.[0]?.format('YYYY-MM-DD'));
            form.setFieldValue(['audience', 'addedTo'], v?.[1]?.format('YYYY-MM-DD'));
          }}
          style={{ width: 320 }}
          data-testid="audience-added"
        />
      </Form.Item>
      <Form.Item name={['audience', 'addedFrom']} hidden />
      <Form.Item name={['audience', 'addedTo']} hidden />
      <Form.Item name={['audience', 'gender']} label={T.gender} getValueProps={(g?: number) => ({ value: g ?? '' })} normalize={(g: number | '') => (g === '' ? undefined : g)}>
        <Radio.Group
          options={[{ value: '', label: T.genderAny }, ...GENDER_ORDER.map((g) => ({ value: g, label: GENDER_LABEL[g] }))]}
          data-testid="audience-gender"
        />
      </Form.Item>
      <Form.Item name={['audience', 'chatIds']} label={T.groups} extra={T.groupsHint}>
        <GroupSelect placeholder={T.groupsPlaceholder} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        {reach}
      </Form.Item>
    </>
  );
}

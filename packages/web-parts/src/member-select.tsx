// Members of the work space in a Select, searched on the server; a saved selection shows names, not userids.
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Avatar, Empty, Flex, Select, Spin, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import type { MemberOption } from '@scrm/contracts/customer';
import { useStore } from '@scrm/web-kit';
import { useMemberFind, useMembersByUserid } from './api/find-members';
import { T } from './texts';
import { useDebouncedValue } from './use-debounced-value';

/** Members listed per search. */
export const MEMBER_SEARCH_LIMIT = 50;

interface CommonProps {
  /** Only members with the customer-contact permission (default true); saved selections show names either way. */
  contactOnly?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** multiple: at most this many. */
  maxCount?: number;
  style?: CSSProperties;
  className?: string;
  /** Set by Form.Item so its label points here. */
  id?: string;
  'data-testid'?: string;
}
interface SingleProps extends CommonProps {
  mode?: undefined;
  value?: string | null;
  onChange?: (userid: string | undefined, member: MemberOption | undefined) => void;
}
interface MultipleProps extends CommonProps {
  mode: 'multiple';
  value?: string[] | null;
  /** `members`: the chosen ones whose details are loaded, in the order of `userids`. */
  onChange?: (userids: string[], members: MemberOption[]) => void;
}
export type MemberSelectProps = SingleProps | MultipleProps;

interface Option {
  value: string;
  label: string;
  member?: MemberOption;
}

function MemberLine({ member }: { member: MemberOption }) {
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="member-option" data-userid={member.userid}>
      <Avatar size={24} src={member.avatar || undefined} style={{ flex: 'none' }}>
        {member.name.slice(0, 1)}
      </Avatar>
      <span style={{ flex: 'none' }}>{member.name}</span>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
        {member.departmentNames.join('、') || T.member.noDepartment}
      </Typography.Text>
    </Flex>
  );
}

/** Select of members (value = userid or userids) with debounced remote search, avatars and departments. */
export function MemberSelect(props: MemberSelectProps) {
  const { contactOnly = true, placeholder = T.member.placeholder, disabled, allowClear = true, maxCount, style, className, id } = props;
  const workId = useStore('workId');
  const ids = useMemo(() => (props.value == null ? [] : Array.isArray(props.value) ? props.value : [props.value]), [props.value]);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim());
  // Every member seen so far, so a choice keeps its name when the search moves on; and the userids already
  // looked up, so one that did not come back (left the corp) is shown as such and not asked for again.
  const [known, setKnown] = useState<ReadonlyMap<string, MemberOption>>(new Map());
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());

  const searchBody = { ...(keyword ? { keyword } : {}), contactOnly, limit: MEMBER_SEARCH_LIMIT };
  const search = useMemberFind(workId, searchBody, {
    enabled: open && workId > 0,
    placeholderData: keepPreviousData,
  });
  const missing = ids.filter((u) => !known.has(u) && !asked.has(u));
  // Names of a saved selection, whatever the members' permission now.
  const saved = useMembersByUserid(workId, [...missing].sort(), { enabled: missing.length > 0 && workId > 0 });

  const remember = (list: readonly MemberOption[]) =>
    setKnown((prev) => {
      const fresh = list.filter((m) => prev.get(m.userid) !== m);
      if (!fresh.length) return prev;
      const next = new Map(prev);
      for (const m of fresh) next.set(m.userid, m);
      return next;
    });
  useEffect(() => {
    if (search.data) remember(search.data.list);
  }, [search.data]);
  useEffect(() => {
    if (!saved.data) return;
    remember(saved.data.list);
    const lookedUp = saved.data.asked;
    setAsked((prev) => (lookedUp.every((u) => prev.has(u)) ? prev : new Set([...prev, ...lookedUp])));
  }, [saved.data]);

  const options = useMemo<Option[]>(
    () => (open ? (search.data?.list ?? []) : []).map((m) => ({ value: m.userid, label: m.name, member: m })),
    [open, search.data],
  );
  // Chosen members are labelled from everything seen so far, not only from the current search's options.
  const labelOf = (userid: string) => {
    const member = known.get(userid);
    if (member) return member.name;
    // Asked for and not returned: the member has left or the id is wrong.
    return asked.has(userid) ? T.member.unknown(userid) : userid;
  };

  const emit = (next: string | string[] | undefined) => {
    if (props.mode === 'multiple') {
      const list = (next as string[] | undefined) ?? [];
      props.onChange?.(list, list.map((u) => known.get(u)).filter((m): m is MemberOption => Boolean(m)));
    } else {
      const userid = (next as string | undefined) ?? undefined;
      props.onChange?.(userid, userid ? known.get(userid) : undefined);
    }
  };

  return (
    <Select<string | string[], Option>
      id={id}
      data-testid={props['data-testid'] ?? 'member-select'}
      mode={props.mode}
      value={props.mode === 'multiple' ? ids : (ids[0] ?? undefined)}
      onChange={(v) => emit(v)}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      maxCount={props.mode === 'multiple' ? maxCount : undefined}
      style={{ width: '100%', ...style }}
      className={className}
      loading={saved.isFetching}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setInput('');
      }}
      showSearch={{ filterOption: false, searchValue: input, onSearch: setInput }}
      labelRender={(p) => labelOf(String(p.value))}
      optionRender={(o) => (o.data.member ? <MemberLine member={o.data.member} /> : o.data.label)}
      notFoundContent={
        search.isFetching ? (
          <Flex justify="center" style={{ padding: 12 }}>
            <Spin size="small" />
          </Flex>
        ) : search.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.loadFailed} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<>{T.member.empty}<br />{T.member.emptyHint}</>} />
        )
      }
    />
  );
}

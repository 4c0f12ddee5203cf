// Members of the work space in a Select, searched on the server; a saved selection shows names, not userids.
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Avatar, Button, Empty, Flex, Select, Spin, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import type { MemberOption } from '@scrm/contracts/customer';
import type { MemberGroupMember } from '@scrm/contracts/member-group';
import { useStore } from '@scrm/web-kit';
import { useMemberFind, useMembersByUserid } from './api/find-members';
import { useMemberGroups } from './api/find-member-groups';
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
  /** Given: the popup offers the 成员分组 (「按分组选择」), and choosing one hands over its members still in the corp. */
  onPickGroup?: (members: MemberGroupMember[]) => void;
}
interface MultipleProps extends CommonProps {
  mode: 'multiple';
  value?: string[] | null;
  /** `members`: the chosen ones whose details are loaded, in the order of `userids`. */
  onChange?: (userids: string[], members: MemberOption[]) => void;
  /** The popup offers the 成员分组 (「按分组选择」): choosing one adds its members still in the corp (default true). */
  groups?: boolean;
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

/** The 成员分组 above the member options: a button a group, its members in the corp counted. */
function GroupBar({ workId, onPick }: { workId: number; onPick: (members: MemberGroupMember[]) => void }) {
  const groups = useMemberGroups(workId, { enabled: workId > 0 });
  const list = groups.data?.list ?? [];
  if (!list.length) return null;
  return (
    <>
      <Flex vertical gap={6} style={{ padding: '4px 8px 6px' }} data-testid="member-group-bar" onMouseDown={(e) => e.preventDefault()}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.member.byGroup}
        </Typography.Text>
        <Flex wrap gap={6}>
          {list.map((g) => (
            <Button
              key={g.id}
              size="small"
              disabled={g.count === 0}
              title={g.count === 0 ? T.member.groupEmpty : g.members.filter((m) => !m.departed).map((m) => m.name).join('、')}
              onClick={() => onPick(g.members.filter((m) => !m.departed))}
              data-testid="member-group-option"
            >
              {g.name}
              <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 4 }}>
                {T.member.groupCount(g.count)}
              </Typography.Text>
            </Button>
          ))}
        </Flex>
      </Flex>
      <div role="separator" style={{ borderBlockStart: '1px solid rgba(5,5,5,.06)', margin: '4px 0' }} />
    </>
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

  // 「按分组选择」: a multiple picker adds the group's members to its value; a single one hands them to onPickGroup.
  const pickGroup =
    props.mode === 'multiple'
      ? props.groups === false
        ? undefined
        : (chosen: MemberGroupMember[]) => {
            const next = [...ids, ...chosen.map((m) => m.userid).filter((u) => !ids.includes(u))];
            emit(maxCount ? next.slice(0, maxCount) : next);
            setOpen(false);
          }
      : props.onPickGroup &&
        ((chosen: MemberGroupMember[]) => {
          setOpen(false);
          props.onPickGroup!(chosen);
        });

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
      popupRender={(menu) =>
        pickGroup && open ? (
          <>
            <GroupBar workId={workId} onPick={pickGroup} />
            {menu}
          </>
        ) : (
          menu
        )
      }
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

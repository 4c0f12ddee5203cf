// Channel and staff codes in a Select, searched on the server by name; a saved selection shows names.
import { useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useStore } from '@scrm/web-kit';
import { useCodeOptions } from './api/find-codes';
import { T } from './texts';

export interface CodeSelectProps {
  value?: number[];
  onChange?(ids: number[]): void;
  placeholder?: string;
  style?: CSSProperties;
  /** Set by Form.Item. */
  id?: string;
  'data-testid'?: string;
}

/** Multiple codes (value = contact way ids), grouped 渠道活码 / 员工活码. */
export function CodeSelect({ value = [], onChange, placeholder = T.codes.placeholder, style, id, 'data-testid': testId }: CodeSelectProps) {
  const workId = useStore('workId');
  const [keyword, setKeyword] = useState('');
  const found = useCodeOptions(workId, { keyword });
  // The names of a saved selection, whatever the search shows.
  const chosen = useCodeOptions(workId, { ids: value }, value.length > 0);
  const codes = [...new Map([...(chosen.data?.list ?? []), ...(found.data?.list ?? [])].map((c) => [c.id, c])).values()];
  const options = (['channel', 'staff'] as const)
    .map((kind) => ({ label: kind === 'channel' ? T.codes.channel : T.codes.staff, options: codes.filter((c) => c.kind === kind).map((c) => ({ value: c.id, label: c.name })) }))
    .filter((g) => g.options.length);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      maxTagCount="responsive"
      value={value}
      onChange={(ids) => onChange?.(ids)}
      options={options}
      data-testid={testId}
    />
  );
}

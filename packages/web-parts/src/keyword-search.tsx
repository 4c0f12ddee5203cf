// A list's keyword box: typing stays in the box; searching (Enter, the button) or clearing it sets the
// filter. The box follows the filter back (back / forward, 「清除筛选」).
import { useEffect, useState } from 'react';
import { Input } from 'antd';

export interface KeywordSearchProps {
  /** The filter in force (from the URL). */
  value: string;
  /** The trimmed keyword; '' when the box was cleared. */
  onSearch(keyword: string): void;
  placeholder: string;
  /** Pixels, or a CSS width ('100%' in a grid cell). */
  width?: number | string;
  'data-testid'?: string;
}

export function KeywordSearch({ value, onSearch, placeholder, width = 260, ...rest }: KeywordSearchProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      style={{ width }}
      maxLength={30}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        // Clearing the box shows everything again without pressing search.
        if (!e.target.value && value) onSearch('');
      }}
      onSearch={(v) => onSearch(v.trim())}
      data-testid={rest['data-testid']}
    />
  );
}

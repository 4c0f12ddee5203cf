// A list's filters kept in the URL, so coming back from a detail page finds the list as it was left.
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `text`: a string, '' when absent; `id`: a whole number ≥ 0 (0 counts: e.g. 「未分组」), else undefined. */
export type UrlFilterKind = 'text' | 'id';
export type UrlFilters<F extends Record<string, UrlFilterKind>> = { [K in keyof F]: F[K] extends 'id' ? number | undefined : string } & { page: number; pageSize: number };

const wholeParam = (v: string | null, min: number): number | undefined => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isInteger(n) && n >= min ? n : undefined;
};

/**
 * The filters `fields` (in their URL order), then page and pageSize. `set` takes a patch; unless it
 * names a page, it goes back to page 1. Empty values and the defaults stay out of the URL. Two `set`s
 * before the next render both count: each starts from the URL the one before wrote.
 * `pagination(total)`: a Table's paging from them (a new page size starts at page 1).
 */
export function useUrlFilters<F extends Record<string, UrlFilterKind>>(fields: F, defaultPageSize: number) {
  const [params, setParams] = useSearchParams();
  // The URL as last written. A render takes the router's `params` only when they changed: a render
  // caused by something else between a write and the router's next render still shows the URL before
  // the write, and must not undo it for the next `set`.
  const latest = useRef(params);
  const seen = useRef(params.toString());
  if (params.toString() !== seen.current) {
    seen.current = params.toString();
    latest.current = params;
  }
  const read = (from: URLSearchParams) => {
    const filters = {} as Record<string, string | number | undefined>;
    for (const [key, kind] of Object.entries(fields)) filters[key] = kind === 'id' ? wholeParam(from.get(key), 0) : (from.get(key) ?? '');
    filters.page = wholeParam(from.get('page'), 1) ?? 1;
    filters.pageSize = wholeParam(from.get('pageSize'), 1) ?? defaultPageSize;
    return filters;
  };
  const typed = read(params) as UrlFilters<F>;
  const set = (patch: Partial<UrlFilters<F>>) => {
    const next = { ...read(latest.current), page: 1, ...patch } as Record<string, string | number | undefined>;
    const out = new URLSearchParams();
    for (const [key, kind] of Object.entries(fields)) {
      const v = next[key];
      if (kind === 'id' ? v !== undefined : v) out.set(key, String(v));
    }
    if ((next.page as number) > 1) out.set('page', String(next.page));
    if (next.pageSize !== defaultPageSize) out.set('pageSize', String(next.pageSize));
    latest.current = out;
    setParams(out, { replace: true });
  };
  const pagination = (total: number) => ({
    current: typed.page,
    pageSize: typed.pageSize,
    total,
    showSizeChanger: true,
    onChange: (page: number, pageSize: number) => set({ page: pageSize === typed.pageSize ? page : 1, pageSize } as Partial<UrlFilters<F>>),
  });
  return [typed, set, pagination] as const;
}

// Page numbers start at 1; 0 (what the spec's work-space list sends) also means the first page.
export const DEFAULT_PAGE_SIZE = 20;

/** Past this page every list is empty: a larger page number (1e308, say) reads as this one. */
const LAST_PAGE = 2 ** 31 - 1;

export function pageWindow(page = 1, pageSize = DEFAULT_PAGE_SIZE): { offset: number; limit: number } {
  return { offset: (Math.min(Math.max(page, 1), LAST_PAGE) - 1) * pageSize, limit: pageSize };
}

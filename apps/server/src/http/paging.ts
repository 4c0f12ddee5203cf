// Page numbers start at 1; 0 (what the spec's work-space list sends) also means the first page.
export const DEFAULT_PAGE_SIZE = 20;

export function pageWindow(page = 1, pageSize = DEFAULT_PAGE_SIZE): { offset: number; limit: number } {
  return { offset: (Math.max(page, 1) - 1) * pageSize, limit: pageSize };
}

// The success half of the envelope (DESIGN.md §4); failures go through errors.ts.
export const ok = <T>(data: T) => ({ code: 0 as const, message: 'ok', data });

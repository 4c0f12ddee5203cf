// Every query of 朋友圈 sits under ['moment', workId]: one invalidation after a change refreshes the list and an open detail.
export const momentRootKey = (workId: number) => ['moment', workId] as const;
/** Members publish from their phones: the list and the detail refetch this often while visible. */
export const REFRESH_MS = 30_000;

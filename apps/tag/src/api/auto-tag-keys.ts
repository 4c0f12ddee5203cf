// Every auto-tag query sits under ['tag-auto', workId], so one invalidation after a change refreshes the
// list and the open detail together.
export const autoTagRootKey = (workId: number) => ['tag-auto', workId] as const;

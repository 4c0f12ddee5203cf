// Every query of the tag page sits under ['tag', workId], so one invalidation after an edit refreshes it.
export const tagRootKey = (workId: number) => ['tag', workId] as const;

// Every push query sits under ['push', workId], so one invalidation after a change refreshes the list,
// the open detail and its tables together.
export const pushRootKey = (workId: number) => ['push', workId] as const;

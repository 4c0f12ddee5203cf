// Every transfer query sits under ['customer', 'transfer', workId]: starting or checking transfers refreshes them together.
export const transferRootKey = (workId: number) => ['customer', 'transfer', workId] as const;

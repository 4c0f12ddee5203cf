// Every query of this app sits under ['channel-qrcode', workId], so one invalidation after a change
// refreshes the list, the groups and the open detail together.
export const channelRootKey = (workId: number) => ['channel-qrcode', workId] as const;

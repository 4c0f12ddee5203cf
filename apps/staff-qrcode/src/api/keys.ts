// Every query of this app sits under ['staff-qrcode', workId], so one invalidation after a change
// refreshes the list and the open detail together.
export const staffRootKey = (workId: number) => ['staff-qrcode', workId] as const;

// Every query of this app sits under ['customer-qrcode', workId], so one invalidation after a change
// refreshes the list and the open detail together.
export const leadRootKey = (workId: number) => ['customer-qrcode', workId] as const;

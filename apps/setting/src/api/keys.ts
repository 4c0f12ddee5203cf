// Every query of the 风控 pages sits under ['risk', workId], so one invalidation after a change (a plan
// saved, a member restored) refreshes the lists, the details and the records together.
export const riskRootKey = (workId: number) => ['risk', workId] as const;

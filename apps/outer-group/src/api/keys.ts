// Every query of this app sits under ['outer-group', workId]: a sync's end refreshes the list and an open detail together.
export const groupRootKey = (workId: number) => ['outer-group', workId] as const;

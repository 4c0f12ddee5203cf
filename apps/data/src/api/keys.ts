// Every query of this app sits under ['data', workId], so switching work space starts afresh.
export const dataRootKey = (workId: number) => ['data', workId] as const;

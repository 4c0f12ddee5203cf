// Every query of the 子账号 and 功能角色 pages sits under ['child'], so one invalidation after a change (a
// child saved, a role deleted) refreshes the lists, the details and the roles' child counts together.
export const childRootKey = ['child'] as const;

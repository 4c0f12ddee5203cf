// The user centre's queries sit under ['user'], so one invalidation refreshes what a change touched.
export const userRootKey = ['user'] as const;

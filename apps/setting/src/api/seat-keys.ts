// Every query of 资源包 sits under ['seat'], so one invalidation after a change (bind, transfer, unbind,
// migrate) refreshes the figures and the list together.
export const SEAT_ROOT_KEY = ['seat'] as const;

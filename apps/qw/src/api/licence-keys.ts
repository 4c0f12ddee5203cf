/** Every licence query of a work space sits under this key: a purchase or an activation refreshes them all. */
export const licenceKey = (id: number) => ['qw', 'licence', id] as const;

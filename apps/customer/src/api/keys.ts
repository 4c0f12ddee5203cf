/** Every customer query of a work space sits under this key (a change refreshes the list and the record). */
export const customerRootKey = (workId: number) => ['customer', workId] as const;
/** The list and every open record (an edit on the record changes both). */
export const customerAllKey = ['customer'] as const;

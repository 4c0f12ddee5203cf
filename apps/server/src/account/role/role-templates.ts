// Preset roles (template/list) a main account starts a role from; each is stored as roleKeys gives it.
import { ALL_PERMISSION_KEYS, isActionKey, isMainOnlyKey, roleKeys } from '@scrm/contracts/menu';
import type { RoleTemplate } from '@scrm/contracts/child';

/**
 * Every section and page a child may be given, without any action key: see everything, change nothing.
 * 客户继承 (a page that is all action), the user centre and the message centre's settings stay out.
 */
const NOT_READING = new Set(['customer-transfer', 'user', 'notice']);
const READ_ONLY = ALL_PERMISSION_KEYS.filter((k) => !isMainOnlyKey(k) && !isActionKey(k) && !k.includes('.') && !NOT_READING.has(k));

const TEMPLATES: RoleTemplate[] = [
  {
    key: 'operator',
    name: '运营',
    description: '获客引流、客户、群发与朋友圈、标签和素材：查看并管理',
    permissionKeys: [
      'channel-qrcode', 'channel-qrcode.manage', 'staff-qrcode', 'staff-qrcode.manage', 'customer-qrcode', 'customer-qrcode.manage',
      'outer-group', 'customer', 'customer.manage', 'push', 'push.create', 'moment-push', 'moment-push.create',
      'tag', 'tag.manage', 'tag-auto', 'tag-auto.manage', 'material', 'material.manage', 'data-customer', 'staff',
    ],
  },
  {
    key: 'service',
    name: '客服',
    description: '客户与客户群、一客一码：查看客户并修改备注与标签、管理一客一码；标签库和素材只读',
    permissionKeys: ['customer', 'customer.manage', 'outer-group', 'customer-qrcode', 'customer-qrcode.manage', 'tag', 'material', 'staff'],
  },
  {
    key: 'readonly',
    name: '只读',
    description: '可查看所有页面，不能新建、修改或删除',
    permissionKeys: READ_ONLY,
  },
];

export const ROLE_TEMPLATES: RoleTemplate[] = TEMPLATES.map((t) => ({ ...t, permissionKeys: roleKeys(t.permissionKeys).keys }));

// 群发 (/push/*): the shell's own pages, in one chunk loaded when one of them is first opened.
export { PushListPage } from './list';
export { PushCreatePage } from './create';
export { PushDetailPage } from './detail';

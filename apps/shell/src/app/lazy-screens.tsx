// 无权限 and 页面不存在 with antd's Result and its illustrations, loaded when first shown: no first page
// needs them (issue 15). A page that threw or a sub-app that failed to load shows ./error-screen instead,
// which needs no further fetch.
import { lazyPart } from '@scrm/web-kit';

export const NoAuth = lazyPart(() => import('./no-auth').then((m) => ({ default: m.NoAuth })));
export const NotFound = lazyPart(() => import('./not-found').then((m) => ({ default: m.NotFound })));

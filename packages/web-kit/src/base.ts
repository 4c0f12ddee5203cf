// What the shell's guest path (login gate) may import from @scrm/web-kit: everything but the query
// client, so that react-query stays out of the first page a guest loads. The same modules as the
// package's entry (which re-exports this file), so the singletons are the same.
export { ApiRequestError, TRANSPORT_FAILURE, get, http, httpEvents, notifyError, post, toApiRequestError } from './http';
export type { PostOptions } from './http';
export { DEFAULT_USER_INFO, store, useStore } from './store';
export type { SharedState, UserInfo } from './store';
export { getToken, getWorkId, removeToken, setToken, setWorkId } from './storage';
export { openToast, toast } from './toast';
export type { ToastOptions, ToastType } from './toast';
export { formatMinute, formatTime } from './format';
export { runAction } from './action';
export { useCountdown } from './use-countdown';
export type { ActionOptions } from './action';
export { AuthGuard, NO_AUTH_TEXT, isAuthorized, useCan } from './auth-guard';
export type { AuthGuardProps } from './auth-guard';
export { authFlags, authKeysFor, breadcrumbsFor, filterMenu, grantedKeysOf, isEditing, menuChainFor, menuStateFor, titleFor } from './menu';
export type { Crumb, MenuState, MenuUser } from './menu';
export { resolveWorkSpace, workSpaceLabel } from './workspace';
export type { WorkSpaceResolution } from './workspace';
export { DEFAULT_SISTER_APPS, PRODUCT_NAME, getPublicConfig } from './config';
export type { PageComponent, PagePrefetch, SubAppModule, SubAppRoute } from './sub-app';
export { lazyPage, lazyPart, pageToLoad } from './sub-app';
export { createEmitter } from './events';
export type { Emitter } from './events';

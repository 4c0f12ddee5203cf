// The portal's calls: web-kit's one HTTP client, with the distributor's own session (stored apart from the
// console's account token, so neither opens the other). A 401 ends the portal session and shows the login.
import { post, type PostOptions } from '@scrm/web-kit/base';

const KEY = 'scrm_distributor_token';
export const PORTAL_LOGIN = '/distributor/login';

export const getPortalToken = (): string | null => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
};
export const setPortalToken = (token: string) => localStorage.setItem(KEY, token);
export const removePortalToken = () => localStorage.removeItem(KEY);

export async function portalPost<T>(url: string, body: unknown = {}, opts: PostOptions = {}): Promise<T> {
  const token = getPortalToken();
  try {
    return await post<T>(url, body, { ...opts, headers: { ...opts.headers, Authorization: token ? `Bearer ${token}` : '' } });
  } catch (error) {
    if ((error as { status?: number }).status === 401 && url !== '/api/distributor/account/login') {
      removePortalToken();
      window.location.hash = `#${PORTAL_LOGIN}`;
    }
    throw error;
  }
}

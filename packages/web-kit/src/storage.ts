// The two local-storage entries of spec §3: the login token and the chosen work space.
import { STORAGE_TOKEN, STORAGE_WORK_ID } from '@scrm/contracts/constants';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, sandboxed iframe)
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the session lasts until the tab closes */
  }
}

export const getToken = (): string | null => read(STORAGE_TOKEN) || null;
export const setToken = (token: string): void => write(STORAGE_TOKEN, token);
export const removeToken = (): void => write(STORAGE_TOKEN, null);

/** The chosen work space id; 0 when none is chosen. */
export function getWorkId(): number {
  const id = Number(read(STORAGE_WORK_ID));
  return Number.isInteger(id) && id > 0 ? id : 0;
}
export const setWorkId = (id: number): void => write(STORAGE_WORK_ID, String(id));

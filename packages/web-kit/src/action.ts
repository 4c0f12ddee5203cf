// The generic action wrapper of spec §7: a loading toast, then success or error.
import { LOADING_TOAST_TIMEOUT_MS } from '@scrm/contracts/constants';
import { toApiRequestError } from './http';
import { toast } from './toast';

export interface ActionOptions<T = unknown> {
  loading?: string;
  /** Success text, or made of the result; default 「操作成功」. Pass false to show none. */
  success?: string | false | ((result: T) => string);
}

let seq = 0;

/** Runs `fn` with feedback; resolves with its result, or rethrows its error after the error toast. */
export async function runAction<T>(fn: () => Promise<T>, options: ActionOptions<T> = {}): Promise<T> {
  const key = `action-${++seq}`;
  toast.loading(options.loading ?? '正在处理…', { key, duration: LOADING_TOAST_TIMEOUT_MS });
  try {
    const result = await fn();
    if (options.success === false) toast.destroy(key);
    else toast.success(typeof options.success === 'function' ? options.success(result) : (options.success ?? '操作成功'), { key });
    return result;
  } catch (error) {
    const err = toApiRequestError(error);
    toast.destroy(key);
    // Same key as the HTTP client's own failure toast, so one message shows, as an error.
    toast.error(err.message, { key: `api-error:${err.message}` });
    throw err;
  }
}

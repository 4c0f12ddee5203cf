// A file download through the shared HTTP client (token, work space, XSRF), e.g. a code's QR as PNG.
import { ApiRequestError, http, httpEvents, notifyError, toApiRequestError } from '@scrm/web-kit';

// A failed blob request carries the JSON envelope as a Blob: read it so the toast has the server's message.
async function blobError(error: unknown): Promise<ApiRequestError> {
  const res = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  if (res?.data instanceof Blob) {
    try {
      const body = JSON.parse(await res.data.text()) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'number' && typeof body.message === 'string' && body.message) {
        return new ApiRequestError(res.status ?? 0, body.code, body.message);
      }
    } catch {
      // not JSON: the transport message below
    }
  }
  return toApiRequestError(error);
}

/** POST `body` to `url` and resolve with the answer as a Blob; a failure is toasted and rethrown as ApiRequestError. */
export async function postBlob(url: string, body: unknown = {}): Promise<Blob> {
  try {
    const res = await http.post<Blob>(url, body, { responseType: 'blob' });
    return res.data;
  } catch (error) {
    const err = await blobError(error);
    if (err.status === 401) httpEvents.emit('unauthorized', err);
    notifyError(err);
    throw err;
  }
}

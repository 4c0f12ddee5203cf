// One QR scan session (spec §4): fetch a code, poll every second, expire after 10 minutes.
// Used by the login QR (guest path) and the official-account binding modal.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QrCodeData } from '@scrm/contracts/account';
import { QR_EXPIRY_MS, QR_POLL_INTERVAL_MS } from '@scrm/contracts/constants';
import { toApiRequestError, type ApiRequestError } from '@scrm/web-kit/base';

export interface QrSessionOptions {
  fetchCode: () => Promise<QrCodeData>;
  /** One poll: the token once scanned, else null. */
  poll: (code: string) => Promise<string | null>;
  onToken: (token: string) => void;
  /** A poll failed; return true to stop polling (e.g. 10006), else the message shows and polling goes on. */
  onPollError?: (error: ApiRequestError, code: string) => boolean;
}

export interface QrSession {
  url: string | null;
  loading: boolean;
  expired: boolean;
  /** The last failure (fetching the code or polling); cleared by the next good poll. */
  error: string | null;
  /** A new code, and polling again. */
  refresh: () => void;
  stop: () => void;
}

export function useQrSession(options: QrSessionOptions, enabled = true): QrSession {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [expired, setExpired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opts = useRef(options);
  opts.current = options;
  // Each start bumps the generation; answers of an older generation are ignored.
  const generation = useRef(0);
  const timers = useRef<{ poll?: ReturnType<typeof setTimeout>; expiry?: ReturnType<typeof setTimeout> }>({});

  const stop = useCallback(() => {
    generation.current += 1;
    clearTimeout(timers.current.poll);
    clearTimeout(timers.current.expiry);
  }, []);

  const refresh = useCallback(() => {
    stop();
    const mine = generation.current;
    const live = () => mine === generation.current;
    setLoading(true);
    setExpired(false);
    setError(null);
    setUrl(null);
    opts.current.fetchCode().then(
      (qr) => {
        if (!live()) return;
        setUrl(qr.url);
        setLoading(false);
        timers.current.expiry = setTimeout(() => {
          if (!live()) return;
          stop();
          setExpired(true);
        }, QR_EXPIRY_MS);
        const tick = async () => {
          if (!live()) return;
          try {
            const token = await opts.current.poll(qr.code);
            if (!live()) return;
            if (token) {
              stop();
              opts.current.onToken(token);
              return;
            }
            setError(null);
          } catch (e) {
            if (!live()) return;
            const err = toApiRequestError(e);
            if (opts.current.onPollError?.(err, qr.code)) {
              stop();
              return;
            }
            setError(err.message);
          }
          if (live()) timers.current.poll = setTimeout(tick, QR_POLL_INTERVAL_MS);
        };
        timers.current.poll = setTimeout(tick, QR_POLL_INTERVAL_MS);
      },
      (e: unknown) => {
        if (!live()) return;
        setLoading(false);
        setError(toApiRequestError(e).message);
      },
    );
  }, [stop]);

  useEffect(() => {
    if (!enabled) return undefined;
    refresh();
    return stop;
  }, [enabled, refresh, stop]);

  return { url, loading, expired, error, refresh, stop };
}

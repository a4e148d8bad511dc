// What a component loads from /api itself (a poll, a dialog's page of rows): through the API
// client, never a Remix fetcher. A fetcher asks `<path>.data?_routes=…` (single fetch), which the
// API front does not serve, and its failures go to the route's error boundary, replacing the
// page; the client takes the spec's error path (SPEC §8: toast, alert, session expiry) and the
// page stays. No loading overlay: the caller shows its own state (`loading`).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type Envelope } from '../http/client';
import { useNotify } from './notify';

export interface ApiData<T> {
  /** The last answer that came back (kept while the next one loads or when it fails). */
  answer: Envelope<T> | undefined;
  /** The last failure, already shown to the user; cleared by the next answer. */
  error: ApiError | undefined;
  loading: boolean;
  /** GETs the path (under /api), dropping a load still under way. */
  load(path: string, query?: Record<string, unknown>): void;
}

export function useApiData<T>(): ApiData<T> {
  const { api } = useNotify();
  const [answer, setAnswer] = useState<Envelope<T>>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(false);
  const running = useRef<AbortController | null>(null);

  const load = useCallback(
    (path: string, query?: Record<string, unknown>) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setLoading(true);
      api
        .get<T>(path, query, { background: true, signal: controller.signal })
        .then(
          (res) => {
            if (controller.signal.aborted) return;
            setAnswer(res);
            setError(undefined);
          },
          (e: unknown) => {
            if (controller.signal.aborted) return;
            if (!(e instanceof ApiError)) throw e;
            setError(e);
          },
        )
        .finally(() => {
          if (running.current === controller) {
            running.current = null;
            setLoading(false);
          }
        });
    },
    [api],
  );

  useEffect(() => () => running.current?.abort(), []);
  return { answer, error, loading, load };
}

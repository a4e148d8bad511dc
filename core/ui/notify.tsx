// Toasts, the alert box, the pending-request counter and the API client wired to them.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError, createApiClient, type ApiClient, type ApiNotifier } from '../http/client';
import { useOpenedOnce } from './useOpenedOnce';

type Severity = 'error' | 'warning' | 'success' | 'info';
interface Toast {
  id: number;
  message: string;
  severity: Severity;
  durationMs: number;
}

interface NotifyApi {
  toast(message: string, opts?: { severity?: Severity; durationMs?: number }): void;
  alert(message: string): void;
  pending: number;
  api: ApiClient;
}

const NotifyContext = createContext<NotifyApi | null>(null);

/** The mounted provider's API client, for browser code outside React (a page route's clientLoader, core/ui/pageData.ts). */
let mountedApi: ApiClient | null = null;
export function currentApi(): ApiClient | null {
  return mountedApi;
}

function clearClientSession() {
  document.cookie = 'hasLogin=; Path=/; Max-Age=0';
  try {
    window.sessionStorage.clear();
    window.localStorage.removeItem('port.state');
  } catch {
    /* storage may be blocked */
  }
}

export function NotifyProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [alertText, setAlertText] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const seq = useRef(0);

  const toast = useCallback<NotifyApi['toast']>((message, opts = {}) => {
    const id = ++seq.current;
    const severity = opts.severity ?? 'success';
    // The same message already showing or queued is not queued again (several requests failing at once, a poll while the server is down).
    setToasts((list) => (list.some((x) => x.message === message && x.severity === severity) ? list : [...list, { id, message, severity, durationMs: opts.durationMs ?? 3000 }]));
  }, []);
  const alert = useCallback((message: string) => setAlertText(message), []);

  const tRef = useRef(t);
  tRef.current = t;
  const api = useMemo(() => {
    const notifier: ApiNotifier = {
      toast: (message, o) => toast(message, o),
      alert,
      clearSession: clearClientSession,
      reload: () => window.location.reload(),
      pending: (d) => setPending((n) => Math.max(0, n + d)),
    };
    return createApiClient({ notifier, t: (k, v) => tRef.current(k, v) });
  }, [toast, alert]);
  useEffect(() => {
    mountedApi = api;
    return () => {
      if (mountedApi === api) mountedApi = null;
    };
  }, [api]);

  const current = toasts[0];
  // Neither is rendered before it is first used (never on the server's page).
  const toastMounted = useOpenedOnce(!!current);
  const alertMounted = useOpenedOnce(alertText !== null);
  const value = useMemo(() => ({ toast, alert, pending, api }), [toast, alert, pending, api]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {toastMounted && (
        <Snackbar
          key={current?.id}
          open={!!current}
          autoHideDuration={current?.durationMs}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          onClose={(_e, reason) => {
            if (reason === 'clickaway') return;
            setToasts((list) => list.slice(1));
          }}
        >
          {current ? (
            <Alert severity={current.severity} variant="filled" onClose={() => setToasts((list) => list.slice(1))} data-testid="toast">
              {current.message}
            </Alert>
          ) : undefined}
        </Snackbar>
      )}
      {alertMounted && (
        <Dialog open={alertText !== null} onClose={() => setAlertText(null)} data-testid="alert-box">
          <DialogContent>{alertText}</DialogContent>
          <DialogActions>
            <Button onClick={() => setAlertText(null)} autoFocus>
              {t('core:common.ok')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </NotifyContext.Provider>
  );
}

/** For a refused call: the API client has already shown why (toast or alert box); any other error goes on. */
export function ignoreApiError(e: unknown): void {
  if (!(e instanceof ApiError)) throw e;
}

export function useNotify(): NotifyApi {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('useNotify outside NotifyProvider');
  return ctx;
}

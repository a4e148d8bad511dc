// The settlement status viewer: one trader's bills and their settlement states, a page at a
// time, read with a short-lived embed token (`Authorization: Embed <token>`). The browser never
// holds a partner API token: the host page passes a token its server obtained (`token`), or a
// URL on the host's own server that answers a fresh one (`tokenUrl`), asked again when the
// token is about to expire or the platform refuses it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure, NOT_LOGGED_IN, apiUrl, callApi } from './api';
import { Frame, Pager, useT, type WidgetProps } from './common';

export interface SettlementRow {
  serialNo: string;
  orderNo: string;
  billType: string;
  billTypeLabel: string;
  amount: string;
  currency: string;
  billDate: string;
  status: string;
  statusLabel: string;
  payFlag: string;
  payFlagLabel: string;
  paidAt: string | null;
}
export interface SettlementPage {
  trader: { name: string };
  rows: SettlementRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SettlementStatusProps extends WidgetProps {
  /** An embed token the host's server obtained (POST /api/portal/embedToken). */
  token?: string;
  /** A URL on the host's own server answering `{ token, expiresAt }` (or the platform's envelope of it). */
  tokenUrl?: string;
  pageSize?: number;
}

/** Ask for a new token this long before the current one expires. */
const EARLY_MS = 30_000;

interface Held {
  token: string;
  expires: number;
}

/** `{ token, expiresAt }`, bare or in the envelope's data. */
function tokenOf(body: unknown): Held | null {
  const b = body as { token?: unknown; expiresAt?: unknown; data?: { token?: unknown; expiresAt?: unknown } } | null;
  const x = b && typeof b.token === 'string' ? b : b?.data;
  if (!x || typeof x.token !== 'string') return null;
  const expires = typeof x.expiresAt === 'string' ? Date.parse(x.expiresAt) : NaN;
  return { token: x.token, expires: Number.isNaN(expires) ? Date.now() + 60_000 : expires };
}

export function SettlementStatusWidget({ baseUrl, lang, token, tokenUrl, pageSize = 10 }: SettlementStatusProps) {
  const { lang: l, t } = useT(lang);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<SettlementPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const held = useRef<Held | null>(null);

  useEffect(() => {
    held.current = null;
  }, [token, tokenUrl]);

  const currentToken = useCallback(
    async (fresh: boolean): Promise<string> => {
      if (!tokenUrl) {
        if (!token) throw new ApiFailure(t('bills.noToken'), NOT_LOGGED_IN, 401);
        return token;
      }
      const h = held.current;
      if (!fresh && h && h.expires - EARLY_MS > Date.now()) return h.token;
      let got: Held | null = null;
      try {
        // The host's own server (same origin as the page): its cookies go along, so it can tell its visitor.
        const res = await fetch(new URL(tokenUrl, document.baseURI).toString(), { credentials: 'same-origin', headers: { accept: 'application/json' } });
        got = res.ok ? tokenOf(await res.json()) : null;
      } catch {
        got = null;
      }
      if (!got) throw new ApiFailure(t('bills.noToken'), NOT_LOGGED_IN, 401);
      held.current = got;
      return got.token;
    },
    [token, tokenUrl, t],
  );

  useEffect(() => {
    let live = true;
    const read = async (fresh: boolean): Promise<SettlementPage> => {
      const auth = await currentToken(fresh);
      return callApi<SettlementPage>(apiUrl(baseUrl, 'api/portal/public/settlement', { page, pageSize, lang: l }), { headers: { authorization: `Embed ${auth}` } }, t('networkError'));
    };
    setLoading(true);
    setError(null);
    read(false)
      .catch((e: ApiFailure) => {
        // Expired or refused: one more try with a new token from the host.
        if (e.code === NOT_LOGGED_IN && tokenUrl) return read(true);
        throw e;
      })
      .then((d) => live && setData(d))
      .catch((e: ApiFailure) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [baseUrl, l, page, pageSize, t, currentToken, tokenUrl, attempt]);

  return (
    <Frame name="settlement-status" lang={l} baseUrl={baseUrl}>
      <h2>
        {t('bills.title')}
        {data && <span className="pw-muted"> · {data.trader.name}</span>}
      </h2>
      {error && (
        <div className="pw-banner pw-banner-error" role="alert">
          {error}{' '}
          <button type="button" className="pw-link" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
      {loading && !data && <div className="pw-muted">{t('loading')}</div>}
      {data && data.rows.length === 0 && <div className="pw-muted">{t('bills.empty')}</div>}
      {data && data.rows.length > 0 && (
        <div className="pw-table-wrap">
          <table className="pw-table" data-testid="pw-bills">
            <thead>
              <tr>
                <th>{t('bills.serialNo')}</th>
                <th>{t('bills.orderNo')}</th>
                <th>{t('bills.billType')}</th>
                <th className="pw-num">{t('bills.amount')}</th>
                <th>{t('bills.billDate')}</th>
                <th>{t('bills.status')}</th>
                <th>{t('bills.payFlag')}</th>
                <th>{t('bills.paidAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.serialNo} data-serial={r.serialNo}>
                  <td>{r.serialNo}</td>
                  <td>{r.orderNo}</td>
                  <td>{r.billTypeLabel}</td>
                  <td className="pw-num">
                    {r.amount} {r.currency}
                  </td>
                  <td>{r.billDate}</td>
                  <td>
                    <span className={`pw-state pw-state-${r.status}`}>{r.statusLabel}</span>
                  </td>
                  <td>{r.payFlagLabel}</td>
                  <td>{r.paidAt ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > pageSize && <Pager page={page} pageSize={pageSize} total={data.total} t={t} onPage={setPage} />}
    </Frame>
  );
}

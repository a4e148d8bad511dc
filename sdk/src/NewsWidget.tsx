// The news widget: published news in the chosen language, a page at a time (cover thumbnail,
// title, date, summary), and one item's page (cover, the server-sanitised content, views).
// Opening an item counts a view (POST …/view; the server counts a reader once a day).
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, apiUrl, callApi } from './api';
import { Frame, Pager, useT, type WidgetProps } from './common';

export interface NewsCard {
  id: number;
  title: string;
  type: string;
  typeLabel: string;
  source: string;
  summary: string;
  coverUrl: string | null;
  views: number;
  publishedAt: string;
}
export interface NewsDetail extends NewsCard {
  contentHtml: string;
}

export interface NewsWidgetProps extends WidgetProps {
  pageSize?: number;
  /** Only news of this type. */
  type?: string;
}

const abs = (baseUrl: string, path: string | null) => (path ? new URL(path, baseUrl).toString() : null);

export function NewsWidget({ baseUrl, lang, pageSize = 5, type }: NewsWidgetProps) {
  const { lang: l, t } = useT(lang);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ rows: NewsCard[]; total: number } | null>(null);
  const [open, setOpen] = useState<NewsDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    callApi<{ rows: NewsCard[]; total: number }>(apiUrl(baseUrl, 'api/portal/public/news', { lang: l, type, page, pageSize }), {}, t('networkError'))
      .then((data) => live && setList(data))
      .catch((e: ApiFailure) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [baseUrl, l, type, page, pageSize, t, attempt]);

  const show = useCallback(
    async (id: number) => {
      setError(null);
      setLoading(true);
      try {
        const detail = await callApi<NewsDetail>(apiUrl(baseUrl, `api/portal/public/news/${id}`, { lang: l }), {}, t('networkError'));
        setOpen(detail);
        callApi<{ views: number }>(apiUrl(baseUrl, `api/portal/public/news/${id}/view`), { method: 'POST' }, t('networkError'))
          .then(({ views }) => setOpen((d) => (d && d.id === id ? { ...d, views } : d)))
          .catch(() => undefined);
      } catch (e) {
        setError((e as ApiFailure).message);
      } finally {
        setLoading(false);
      }
    },
    [baseUrl, l, t],
  );

  return (
    <Frame name="news" lang={l} baseUrl={baseUrl}>
      <h2>{t('news.title')}</h2>
      {error && (
        <div className="pw-banner pw-banner-error" role="alert">
          {error}{' '}
          <button type="button" className="pw-link" onClick={() => (open ? show(open.id) : setAttempt((n) => n + 1))}>
            {t('retry')}
          </button>
        </div>
      )}
      {open ? (
        <article data-testid="pw-news-detail">
          <button type="button" className="pw-link" onClick={() => setOpen(null)}>
            ← {t('news.back')}
          </button>
          <h3>{open.title}</h3>
          <div className="pw-muted">
            <span className="pw-tag">{open.typeLabel}</span>
            {open.publishedAt.slice(0, 16)} · {t('news.source', { source: open.source })} · {t('news.views', { views: open.views })}
          </div>
          {open.coverUrl && <img className="pw-cover" src={abs(baseUrl, open.coverUrl)!} alt="" />}
          {/* The server sanitises contentHtml (no script, iframe or event handler survives it). */}
          <div className="pw-article" dangerouslySetInnerHTML={{ __html: open.contentHtml }} />
        </article>
      ) : (
        <>
          {loading && !list && <div className="pw-muted">{t('loading')}</div>}
          {list && list.rows.length === 0 && <div className="pw-muted">{t('news.empty')}</div>}
          {list && list.rows.length > 0 && (
            <ul className="pw-news-list">
              {list.rows.map((n) => (
                <li key={n.id} className="pw-news-item">
                  {n.coverUrl ? <img className="pw-thumb" src={abs(baseUrl, n.coverUrl)!} alt="" loading="lazy" /> : <div className="pw-thumb" />}
                  <div>
                    <button type="button" className="pw-link pw-news-title" onClick={() => show(n.id)}>
                      {n.title}
                    </button>
                    <div className="pw-muted">
                      <span className="pw-tag">{n.typeLabel}</span>
                      {n.publishedAt.slice(0, 10)}
                    </div>
                    <p className="pw-news-summary">{n.summary}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {list && list.total > pageSize && <Pager page={page} pageSize={pageSize} total={list.total} t={t} onPage={setPage} />}
        </>
      )}
    </Frame>
  );
}

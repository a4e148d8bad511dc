// What the three widgets share: their props, the language hook, the pager and the frame that
// carries the styles.
import { useEffect, useMemo, type ReactNode } from 'react';
import { CSS } from './styles';
import { declareMyanmarFont } from './font';
import { langOf, translator, type Lang, type T } from './i18n';

export interface WidgetProps {
  /** The platform's address, e.g. `https://port.example.com` (the API is under /api/portal/public/). */
  baseUrl: string;
  /** zh (default), en or my. */
  lang?: Lang | string;
}

export function useT(lang: WidgetProps['lang']): { lang: Lang; t: T } {
  const l = langOf(lang);
  return useMemo(() => ({ lang: l, t: translator(l) }), [l]);
}

/** The widget's box with its own <style> (inside a Shadow DOM it styles only the widget), and its Myanmar font declared on the page. */
export function Frame({ name, lang, baseUrl, children }: { name: string; lang: Lang; baseUrl: string; children: ReactNode }) {
  useEffect(() => declareMyanmarFont(baseUrl), [baseUrl]);
  return (
    <div className={`pw-root pw-${name}`} lang={lang === 'zh' ? 'zh-CN' : lang} data-port-widget={name}>
      <style>{CSS}</style>
      {children}
    </div>
  );
}

export function Pager({ page, pageSize, total, t, onPage }: { page: number; pageSize: number; total: number; t: T; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="pw-pager">
      <span className="pw-muted">{t('pageOf', { page, pages, total })}</span>
      <button type="button" className="pw-btn pw-btn-plain" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('prev')}
      </button>
      <button type="button" className="pw-btn pw-btn-plain" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </button>
    </div>
  );
}

// The widgets bring their Myanmar font: without one on the visitor's system (most Windows and
// Linux machines, many phones) Burmese shows as boxes unless the host page loads a Myanmar web
// font. So the first widget on a page declares "Port Widgets Myanmar" (Noto Sans Myanmar, the
// back office's font, regular and bold, served by the platform at
// /api/portal/public/fonts/…) in the page's <head>: a @font-face inside a Shadow DOM is not
// used by browsers, the document's is, inside the shadow too. Its unicode-range is the Myanmar
// block only, so the browser fetches it only once Burmese is on screen, and Latin and Chinese keep
// the other fonts of the list.
import { apiUrl } from './api';

export const MYANMAR_FAMILY = 'Port Widgets Myanmar';
const RANGE = 'U+1000-109F, U+200C-200D, U+25CC, U+A92E, U+A9E0-A9FE, U+AA60-AA7F';
const MARK = 'data-port-widgets-font';

/** The @font-face rules of the widgets' Myanmar font, from the platform at `baseUrl`. */
export function myanmarFontCss(baseUrl: string): string {
  return [400, 700]
    .map((w) => `@font-face { font-family: "${MYANMAR_FAMILY}"; font-style: normal; font-weight: ${w}; font-display: swap; src: url("${apiUrl(baseUrl, `api/portal/public/fonts/noto-sans-myanmar-${w}.woff2`)}") format("woff2"); unicode-range: ${RANGE}; }`)
    .join('\n');
}

/** Declares the font on the page once (a second widget, or a second bundle, adds nothing). */
export function declareMyanmarFont(baseUrl: string, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (!doc?.head || doc.head.querySelector(`style[${MARK}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(MARK, '');
  style.textContent = myanmarFontCss(baseUrl);
  doc.head.appendChild(style);
}

// Rich text (`html` fields) as plain text: the grid's excerpt, the export's cell, the check that
// a rich-text field is not empty. Isomorphic and dependency-free: the HTML it reads was
// sanitised on the server when it was stored (html.server.ts), and React escapes what it shows.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of stored HTML: tags dropped (block ends as spaces), entities decoded, white space collapsed. */
export function htmlText(html: unknown): string {
  if (html === null || html === undefined) return '';
  return String(html)
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+|#39);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short excerpt of stored HTML (the grid's cell). */
export function htmlExcerpt(html: unknown, max = 60): string {
  const text = htmlText(html);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

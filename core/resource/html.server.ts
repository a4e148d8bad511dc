// Every `html` field of every resource is sanitised here before it is stored (create, update,
// import: columnValues calls it), with sanitize-html and an allow-list: the formatting the editor
// makes (paragraphs, headings, lists, emphasis, links, quotes, code, images by http(s) URL),
// nothing that runs (no script, iframe, style, event handlers, javascript: or data: URLs), so
// rich text stored once can be shown anywhere (the drawer, the public portal, the widgets).
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'sub', 'sup'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with their content (the text of a script is code, not prose).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  // An image whose source was refused (javascript:, data:) is nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // A link that opens elsewhere cannot reach back into the page that opened it.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer nofollow' } : { ...attribs, ...(attribs.rel ? { rel: 'noopener noreferrer nofollow' } : {}) },
    }),
  },
};

/** The stored form of rich text: only the allowed tags, attributes and URL schemes; null stays null. */
export function sanitizeRichText(html: string): string;
export function sanitizeRichText(html: string | null | undefined): string | null;
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(String(html), OPTIONS).trim();
}

// A file the browser saves (or shows, `inline`): its name in both header forms (RFC 6266 and
// RFC 5987, for non-ASCII names), never sniffed, never cached.
export function download(bytes: Uint8Array, name: string, type: string, disposition: 'attachment' | 'inline' = 'attachment'): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Content-Disposition': `${disposition}; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

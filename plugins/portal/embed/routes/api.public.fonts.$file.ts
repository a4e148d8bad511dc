// GET /api/portal/public/fonts/noto-sans-myanmar-{400|700}.woff2: the Myanmar web font the widgets
// bring (sdk/src/font.ts declares it on the host page), so Burmese never shows as boxes on a page
// that loads no Myanmar font. Noto Sans Myanmar's Myanmar range from @fontsource, as the back
// office uses; cross-origin like the rest of the public API (a font is fetched with CORS), and
// cached for good (the file changes only with the package, and then its ETag).
import fs from 'node:fs';
import { ApiError, CODE, etagMatches, myanmarFontFile, publicApi } from '@core/server';

const FILES: Record<string, 400 | 700> = { 'noto-sans-myanmar-400.woff2': 400, 'noto-sans-myanmar-700.woff2': 700 };
const kept = new Map<number, { bytes: Buffer; etag: string }>();

function font(weight: 400 | 700) {
  let f = kept.get(weight);
  if (!f) {
    const file = myanmarFontFile(weight, 'woff2');
    const stat = fs.statSync(file);
    f = { bytes: fs.readFileSync(file), etag: `"mm${weight}-${stat.size}-${Math.round(stat.mtimeMs)}"` };
    kept.set(weight, f);
  }
  return f;
}

export const loader = publicApi(async ({ request, params, t }) => {
  const weight = FILES[String(params.file)];
  if (!weight) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  const f = font(weight);
  const headers = { ETag: f.etag, 'Cache-Control': 'public, max-age=31536000', 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'cross-origin' };
  if (etagMatches(request, f.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(f.bytes), { headers: { ...headers, 'Content-Type': 'font/woff2', 'Content-Length': String(f.bytes.length) } });
});

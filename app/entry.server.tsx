import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { NonceProvider } from '@core/auth/nonce';
import { installServerI18n } from '@core/i18n/i18n.server';
import { cacheRouteMatching, cacheRouteTables } from '@core/http/route-matching.server';
import { getKnex } from '@core/db/knex.server';
import { collectStyles, styleSheetHref, withStylesheet } from '@core/ui/page-styles.server';
import { installAppRegistry } from './registry.server';

// The plugin list reaches core's registry here when the build is served without server.ts
// (which installs it first, and then this keeps it); screens translate with its texts.
installAppRegistry();
installServerI18n();
cacheRouteMatching();
cacheRouteTables();

// The production web process (server.mjs) starts from here, so it runs the build's one copy of core.
export { serve } from './serve.server';

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  // server.ts' per-request CSP nonce (none when rendered outside it): Remix's inline scripts carry it.
  const nonce = (loadContext as { cspNonce?: string } | undefined)?.cspNonce;
  // A fresh emotion cache per request; the page links its rules as one cached stylesheet
  // (core/ui/page-styles.server.ts) instead of carrying them inline.
  const cache = createCache({ key: 'css', nonce });
  const pageStyles = collectStyles(cache);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the page is rendered: left pending, it kept each request's renderer (and what
    // it still references) reachable for 6 s after the response, which adds up under load.
    // eslint-disable-next-line prefer-const -- set after renderToPipeableStream, read by its callbacks
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    // The whole page, then one answer: the loaders are done before rendering starts (nothing is
    // deferred), so streaming only cut the page into a hundred small writes through four stream
    // layers; whole, the page also knows every style it uses before its <head> goes out.
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    page.once('finish', () => {
      clearTimeout(abortTimer);
      void styleSheetHref(getKnex(), pageStyles()).then((href) => {
        const html = href ? withStylesheet(Buffer.concat(chunks), href) : Buffer.concat(chunks);
        // nosniff, frame, referrer policy and CSP come from helmet (core/auth/http-security.server.ts).
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength), { headers: responseHeaders, status: responseStatusCode }));
      }, reject);
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CacheProvider value={cache}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </CacheProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY + 1000);
  });
}

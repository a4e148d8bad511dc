import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { documentNonce, NonceProvider } from '@core/auth/nonce';
import { installPageTranslations } from '@core/i18n/bundles';
import { screenUiLoaded } from './screenUi';

// Same key as the server. The server's page links its rules as one stylesheet for the first
// paint (core/ui/page-styles.server.ts) and has no <style> tags to hand over, so emotion inserts
// every style again as the page hydrates, at the end of <head> (the same rules; an insertion
// point at the top of <head> would put them between React's own head elements).
// The page's CSP nonce goes on the <style> tags emotion (and the data grid) add.
const nonce = documentNonce();
const cache = createCache({ key: 'css', nonce });

// Hydrates once the page's translations are there (from the browser's cache after the first
// visit: the server's HTML is already translated, and hydration must render the same texts) and
// a declared screen's own parts, which started loading with its route module (app/screen.tsx).
void Promise.all([installPageTranslations(), screenUiLoaded()]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider value={nonce}>
          <CacheProvider value={cache}>
            <RemixBrowser />
          </CacheProvider>
        </NonceProvider>
      </StrictMode>,
    );
  }),
);

import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { documentNonce, NonceProvider } from '@core/auth/nonce';
import { screenUiLoaded } from './screenUi';

// Same key as the server: createCache moves the streamed <style> tags to the end of <head>,
// where React's hydration tolerates extra trailing nodes (an insertion point at the top of
// <head> would put them between React's own head elements and break hydration).
// The page's CSP nonce goes on the <style> tags emotion (and the data grid) add from here on.
const nonce = documentNonce();
const cache = createCache({ key: 'css', nonce });

// A declared screen's own parts started loading with its route module (app/screen.tsx): hydrate once they are there.
void screenUiLoaded().then(() =>
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

import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';

// Same key as the server: createCache moves the streamed <style> tags to the end of <head>,
// where React's hydration tolerates extra trailing nodes (an insertion point at the top of
// <head> would put them between React's own head elements and break hydration).
const cache = createCache({ key: 'css' });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CacheProvider value={cache}>
        <RemixBrowser />
      </CacheProvider>
    </StrictMode>,
  );
});

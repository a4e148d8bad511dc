// This request's Content-Security-Policy nonce, from server.ts (res.locals.cspNonce → load
// context → entry.server) to the root's <Scripts>/<ScrollRestoration> and the data grid's <style>;
// in the browser entry.client provides the nonce the page was served with.
import { createContext, useContext } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/** The page's nonce as the browser kept it (script.nonce; the attribute itself is hidden). */
export function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

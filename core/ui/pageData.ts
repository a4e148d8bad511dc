// A page's own requests to the app (its loaders on a navigation or a revalidation, its form
// posts) that never reach it (no network, the server stopped, a proxy's error page instead of
// the app's answer) take the spec's error path (SPEC §8: the toast 后端接口连接异常) and leave the
// page as it was, rather than the route's error boundary replacing the page with "500 / Error".
// Every page route module exports the two (a test holds every route to it):
//
//   export const clientLoader = pageLoader();
//   export const clientAction = pageAction();
//
// What the app itself answers (a 403, a 404, a thrown error) still goes to the error boundary.
import { replace, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { currentApi } from './notify';

/** Remix's own request failed: fetch's TypeError, or an answer single fetch cannot read (not the app's). */
export function unreachable(e: unknown): boolean {
  return e instanceof TypeError || (e instanceof Error && e.message === 'Unable to decode turbo-stream response');
}

function show(): void {
  currentApi()?.networkFailure();
}

const here = (l: { pathname: string; search: string; hash?: string }) => `${l.pathname}${l.search}`;

/**
 * A clientLoader: the server's data (or `load`'s, for a route that adds to it). When the app
 * cannot be reached, the toast, and then:
 * - loading another URL than the one shown (a search, a page of the list, a link): back to
 *   the URL shown (a replace, so history stays as it was);
 * - loading the URL shown (a revalidation, or that way back): the data on screen, unchanged.
 */
export function pageLoader<T = unknown>(load?: (args: ClientLoaderFunctionArgs) => Promise<T>) {
  const clientLoader = async (args: ClientLoaderFunctionArgs): Promise<T> => {
    try {
      return await (load ? load(args) : (args.serverLoader() as Promise<T>));
    } catch (e) {
      const router = typeof window === 'undefined' ? undefined : window.__remixRouter;
      if (!unreachable(e) || !router?.state.initialized) throw e;
      show();
      const shown = router.state.location;
      const url = new URL(args.request.url);
      if (here(url) !== here(shown)) throw replace(`${here(shown)}${shown.hash}`);
      // This route among those shown: the one whose module exports this very function.
      const match = router.state.matches.find((m) => window.__remixRouteModules[m.route.id]?.clientLoader === clientLoader);
      if (!match || !(match.route.id in router.state.loaderData)) throw e;
      return router.state.loaderData[match.route.id] as T;
    }
  };
  return clientLoader;
}

/** A clientAction: the server's answer; when the app cannot be reached, the toast and no answer (the page stays). */
export function pageAction() {
  return async ({ serverAction }: ClientActionFunctionArgs): Promise<unknown> => {
    try {
      return await serverAction();
    } catch (e) {
      if (!unreachable(e)) throw e;
      show();
      return null;
    }
  };
}

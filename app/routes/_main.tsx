// The main layout route: every screen with sidebar, top bar and breadcrumb nests here.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { requireCurrent } from '@core/auth/guard.server';
import { clearWelcome } from '@core/auth/session.server';
import { badgePollMs, badgesFor } from '@core/badges.server';
import { getKnex } from '@core/db/knex.server';
import { filterMenuTree, loadMenuTreeCached, menuForPath, navTree } from '@core/rbac/access.server';
import { getRegistry } from '@core/registry.server';
import { AppLayout, SIDEBAR_COOKIE } from '@core/ui/AppLayout';
import { titleMeta } from '@core/ui/pageTitle';
import { pageLoader } from '@core/ui/pageData';
import { landingFor } from '~/landing.server';
import type { loader as rootLoader } from '~/root';

function cookieValue(request: Request, name: string): string | null {
  const m = (request.headers.get('Cookie') ?? '').match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, sessionId, welcome } = await requireCurrent(request);
  const knex = getKnex();
  const pathname = new URL(request.url).pathname;
  const tree = await loadMenuTreeCached(knex);
  // A URL that belongs to a menu the user was not granted is refused here as well as in
  // the screen's own loader.
  const target = menuForPath(tree, pathname);
  const menus = filterMenuTree(tree, user);
  if (target && !menuForPath(menus, pathname)) throw new Response('Forbidden', { status: 403 });
  // The welcome banner shows once per login, on the page the user lands on: a page its own loader
  // sends elsewhere (the trader's /dashboard) leaves the flag to the next.
  if (welcome && !landingFor(user, pathname, menus)) await clearWelcome(sessionId, user.id);
  return {
    user: { id: user.id, username: user.username, nickname: user.nickname, mobile: user.mobile, userType: user.userType, roles: user.roles },
    menus: navTree(menus),
    badges: await badgesFor(getRegistry(), user),
    badgePollMs: badgePollMs(),
    sidebarOpen: cookieValue(request, SIDEBAR_COOKIE) !== '0',
    welcome,
  };
}

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

// The tab title: the current menu leaf and the app name, in the user's language (every screen below).
export const meta: MetaFunction<typeof loader> = (args) => titleMeta(args);

export default function MainLayout() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <AppLayout user={data.user} menus={data.menus} badges={data.badges} badgePollMs={data.badgePollMs} sidebarOpen={data.sidebarOpen} welcome={data.welcome} lang={root?.lang ?? 'zh'}>
      <Outlet />
    </AppLayout>
  );
}

/** The layout's data for screens that need the signed-in user. */
export function useMainData() {
  return useRouteLoaderData<typeof loader>('routes/_main');
}

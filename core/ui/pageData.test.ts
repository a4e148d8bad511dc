// @vitest-environment node
// A page's loader when the app cannot be reached: back to the URL shown, or the data shown; what
// the app itself answers still goes on to the error boundary.
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from '@remix-run/react';
import { pageAction, pageLoader, unreachable } from './pageData';

const g = globalThis as unknown as { window?: unknown; __remixRouter?: unknown; __remixRouteModules?: unknown };

/** A browser whose router shows `shownUrl` with the layout's and the screen's data. */
function showing(shownUrl: string, modules: Record<string, { clientLoader?: unknown }>) {
  const url = new URL(shownUrl, 'http://app');
  g.window = globalThis;
  g.__remixRouteModules = modules;
  g.__remixRouter = {
    state: {
      initialized: true,
      location: { pathname: url.pathname, search: url.search, hash: '' },
      matches: Object.keys(modules).map((id) => ({ route: { id } })),
      loaderData: { 'routes/_main': { menus: ['shown'] }, 'x/screen/list': { rows: ['shown row'] } },
    },
  };
}

afterEach(() => {
  delete g.window;
  delete g.__remixRouter;
  delete g.__remixRouteModules;
});

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const args = (url: string, serverLoader: () => Promise<unknown>) => ({ request: new Request(`http://app${url}`), params: {}, serverLoader }) as unknown as ClientLoaderFunctionArgs;

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}

describe('pageLoader', () => {
  it('gives the server’s data when it answers', async () => {
    const layout = pageLoader();
    await expect(layout(args('/list', () => Promise.resolve({ fresh: 1 })))).resolves.toEqual({ fresh: 1 });
  });

  it('sends a search the app cannot answer back to the URL shown, replacing it in history', async () => {
    const layout = pageLoader();
    const screen = pageLoader();
    showing('/list?page=1', { 'routes/_main': { clientLoader: layout }, 'x/screen/list': { clientLoader: screen } });
    const res = (await thrown(screen(args('/list?page=2', offline)))) as Response;
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/list?page=1');
    expect(res.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('keeps each route’s data on screen when the URL shown cannot be loaded again', async () => {
    const layout = pageLoader();
    const screen = pageLoader();
    showing('/list?page=1', { 'routes/_main': { clientLoader: layout }, 'x/screen/list': { clientLoader: screen } });
    await expect(screen(args('/list?page=1', offline))).resolves.toEqual({ rows: ['shown row'] });
    await expect(layout(args('/list?page=1', offline))).resolves.toEqual({ menus: ['shown'] });
  });

  it('lets what the app answers, and other errors, go on to the error boundary', async () => {
    const screen = pageLoader();
    showing('/list', { 'x/screen/list': { clientLoader: screen } });
    const forbidden = new Response('Forbidden', { status: 403 });
    expect(await thrown(screen(args('/list', () => Promise.reject(forbidden))))).toBe(forbidden);
    const bug = new Error('boom');
    expect(await thrown(screen(args('/list', () => Promise.reject(bug))))).toBe(bug);
  });

  it('reads an answer that is not the app’s (a proxy’s page) as unreachable', () => {
    expect(unreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(unreachable(new Error('Unable to decode turbo-stream response'))).toBe(true);
    expect(unreachable(new Error('boom'))).toBe(false);
  });
});

describe('pageAction', () => {
  it('answers nothing (the page stays) when the post cannot reach the app, and passes the app’s answers on', async () => {
    const action = pageAction();
    const call = (serverAction: () => Promise<unknown>) => action({ request: new Request('http://app/x', { method: 'POST' }), params: {}, serverAction } as unknown as ClientActionFunctionArgs);
    await expect(call(offline)).resolves.toBeNull();
    await expect(call(() => Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
    const refused = new Response('Forbidden', { status: 403 });
    expect(await thrown(call(() => Promise.reject(refused)))).toBe(refused);
  });
});

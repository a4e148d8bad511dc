import { matchRoutes } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { UNSAFE_convertRoutesToDataRoutes as convertRoutesToDataRoutes } from '@remix-run/router';
import { cachedDataRoutes, cachedMatchRoutes, cachedServerRoutes, cacheRouteTables } from './route-matching.server';

const table = () => [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'index', index: true },
      {
        id: 'main',
        children: [
          { id: 'screen', path: 'customsBase/hsCode' },
          { id: 'job', path: 'jobs/:id' },
          { id: 'files', path: 'files/*' },
        ],
      },
      { id: 'login', path: 'login' },
      { id: 'notFound', path: '*' },
    ],
  },
];

const plain = (ms: ReturnType<typeof matchRoutes>) => ms && ms.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }));

/** The cache over a matchRoutes that counts its calls. */
function counted() {
  const calls = { n: 0 };
  const fn = ((r: never, l: never, b: never) => (calls.n++, matchRoutes(r, l, b))) as never;
  return { calls, cached: cachedMatchRoutes(fn) };
}

describe('the route-matching cache', () => {
  const paths = ['/', '/customsBase', '/customsBase/hsCode', '/customsBase/hsCode/', '/jobs/42', '/files/a/b.pdf', '/login', '/nowhere/at/all', '/jobs'];

  it('answers what matchRoutes answers, first time and from memory', () => {
    const cached = cachedMatchRoutes(matchRoutes as never);
    const routes = table();
    for (let round = 0; round < 2; round++) for (const p of paths) expect(plain(cached(routes, p) as never), p).toEqual(plain(matchRoutes(routes, p)));
    expect(plain(cached(routes, { pathname: '/jobs/7' }) as never)).toEqual(plain(matchRoutes(routes, '/jobs/7')));
    expect(plain(cached(routes, '/jobs/7?x=1') as never)).toEqual(plain(matchRoutes(routes, '/jobs/7?x=1')));
  });

  it('gives a table of the same shape its own route objects, and each caller its own matches', () => {
    const { calls, cached } = counted();
    const first = table();
    const second = table();
    const a = cached(first, '/jobs/1')!;
    a[a.length - 1].params.id = 'changed';
    const b = cached(second, '/jobs/1')!;
    expect(calls.n).toBe(1);
    expect(b[b.length - 1].params.id).toBe('1');
    expect(b[b.length - 1].route).toBe(second[0].children[1].children![1]);
  });

  it('asks matchRoutes again for a table of another shape', () => {
    const { calls, cached } = counted();
    cached(table(), '/login');
    const other = table();
    other[0].children[2].path = 'signin';
    expect(plain(cached(other, '/login') as never)!.map((m) => m.id)).toEqual(['root', 'notFound']);
    expect(calls.n).toBe(2);
  });

  it('leaves a table whose routes have no ids to matchRoutes', () => {
    const { calls, cached } = counted();
    const routes = [{ path: 'a' }];
    cached(routes, '/a');
    cached(routes, '/a');
    expect(calls.n).toBe(2);
  });
});

describe('the route-table caches', () => {
  it('make a server table once per manifest and route modules', () => {
    let n = 0;
    const make = cachedServerRoutes((...args: unknown[]) => ({ n: ++n, args }));
    const manifest = {};
    const root = { default: () => null };
    const screen = { loader: () => null };
    const first = make(manifest, { root, screen }, {}, false);
    // Remix's object of route modules is a new one each time, with the same modules in it
    expect(make(manifest, { root, screen }, { other: 'future' }, false)).toBe(first);
    expect(n).toBe(1);
    expect(make(manifest, { root, screen }, {}, true)).not.toBe(first);
    expect(make({}, { root, screen }, {}, false)).not.toBe(first);
    const changed = make(manifest, { root, screen: { loader: () => 1 } }, {}, false);
    expect(changed).not.toBe(first);
    expect(make(manifest, { root }, {}, false)).not.toBe(changed);
    // the recursive form (a parent id and more) is not kept
    make(manifest, { root }, {}, false, 'root');
    make(manifest, { root }, {}, false, 'root');
    expect(n).toBe(7);
  });

  it('convert a table to data routes once, and fill the manifest of each caller with them', () => {
    let n = 0;
    const convert = cachedDataRoutes((...args: unknown[]) => (n++, (convertRoutesToDataRoutes as unknown as (...a: unknown[]) => unknown)(...args)));
    const routes = table();
    const map = (r: object) => ({ hasErrorBoundary: false, ...r });
    const m1: Record<string, unknown> = {};
    const m2: Record<string, unknown> = {};
    const first = convert(routes, map, undefined, m1);
    expect(convert(routes, map, undefined, m2)).toBe(first);
    expect(n).toBe(1);
    expect(Object.keys(m2).sort()).toEqual(['files', 'index', 'job', 'login', 'main', 'notFound', 'root', 'screen']);
    expect(m2.job).toBe(m1.job);
    // a manifest already holding routes, or a parent path, goes to the original
    convert(routes, map, undefined, { x: 1 });
    convert(routes, map, 'base', {});
    expect(n).toBe(3);
  });

  it('installed, give the static router of React Router the matches of its own request each time', () => {
    cacheRouteTables();
    // What the server runs: Remix's CommonJS build and the CommonJS React Router it requires.
    const { createStaticRouter } = createRequire(import.meta.url)('react-router-dom/server') as typeof import('react-router-dom/server');
    const routes = table();
    const context = (path: string, id: string) =>
      ({ basename: '/', location: { pathname: path, search: '', hash: '', state: null, key: 'default' }, matches: [{ params: {}, pathname: path, pathnameBase: path, route: { id } }], loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null }) as never;
    const a = createStaticRouter(routes, context('/login', 'login'));
    const b = createStaticRouter(routes, context('/jobs/1', 'job'));
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(['login']);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(['job']);
    expect(b.state.matches[0].route).toBe(a.routes[0].children![1].children![1]);
  });
});

describe('the static handler (patches/@remix-run+router)', () => {
  it('matches through the exports, where the cache is installed', async () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router') & { matchRoutes: unknown };
    const original = router.matchRoutes;
    const seen: string[] = [];
    router.matchRoutes = ((routes: never, location: { pathname: string }, basename: never) => (seen.push(location.pathname), (original as typeof matchRoutes)(routes, location, basename))) as never;
    try {
      const handler = router.createStaticHandler([{ id: 'root', path: '/', children: [{ id: 'job', path: 'jobs/:id', loader: ({ params }) => ({ id: params.id }) }] }]);
      const context = (await handler.query(new Request('http://x/jobs/7'))) as { loaderData: Record<string, unknown> };
      expect(context.loaderData.job).toEqual({ id: '7' });
      expect(seen).toEqual(['/jobs/7']);
    } finally {
      router.matchRoutes = original;
    }
  });
});

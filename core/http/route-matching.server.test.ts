import { matchRoutes } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import { cachedMatchRoutes } from './route-matching.server';

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

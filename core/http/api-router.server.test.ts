import { describe, expect, it } from 'vitest';
import { compileApiRoutes, matchApi } from './api-router.server';

const handler = () => null;
const page = { default: () => null, loader: handler };
const api = { loader: handler, action: handler };
// The shape of a Remix build's route table: paths relative to the parent, the root without one.
const build = {
  routes: {
    root: { id: 'root', path: '', module: page },
    'routes/_main': { id: 'routes/_main', parentId: 'root', module: page },
    'routes/_main.dashboard': { id: 'routes/_main.dashboard', parentId: 'routes/_main', path: 'dashboard', module: page },
    'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*', module: api },
    'routes/api.$plugin.$resource': { id: 'routes/api.$plugin.$resource', parentId: 'root', path: 'api/:plugin/:resource', module: api },
    'routes/api.$plugin.$resource.$id': { id: 'routes/api.$plugin.$resource.$id', parentId: 'root', path: 'api/:plugin/:resource/:id', module: api },
    'routes/api.$plugin.$resource.counts': { id: 'routes/api.$plugin.$resource.counts', parentId: 'root', path: 'api/:plugin/:resource/counts', module: api },
    'routes/api.core.badges': { id: 'routes/api.core.badges', parentId: 'root', path: 'api/core/badges', module: api },
    'routes/api.openapi[.]json': { id: 'routes/api.openapi[.]json', parentId: 'root', path: 'api/openapi.json', module: { loader: handler } },
  },
};
const routes = compileApiRoutes(build);
const match = (p: string) => {
  const m = matchApi(routes, p);
  return m && { id: m.route.id, params: m.params };
};

describe('the API router', () => {
  it('takes only the API resource routes, not pages', () => {
    expect(routes.map((r) => r.id).sort()).toEqual(Object.keys(build.routes).filter((id) => id.startsWith('routes/api')).sort());
  });

  it('ranks static segments before dynamic ones and a splat last, as React Router does', () => {
    expect(match('/api/core/badges')).toEqual({ id: 'routes/api.core.badges', params: {} });
    expect(match('/api/system/user')).toEqual({ id: 'routes/api.$plugin.$resource', params: { plugin: 'system', resource: 'user' } });
    expect(match('/api/system/user/counts')).toEqual({ id: 'routes/api.$plugin.$resource.counts', params: { plugin: 'system', resource: 'user' } });
    expect(match('/api/system/user/12')).toEqual({ id: 'routes/api.$plugin.$resource.$id', params: { plugin: 'system', resource: 'user', id: '12' } });
    expect(match('/api/openapi.json')?.id).toBe('routes/api.openapi[.]json');
    expect(match('/api/a/b/c/d')).toEqual({ id: 'routes/api.$', params: { '*': 'a/b/c/d' } });
  });

  it('matches static segments whatever their case, decodes params and ignores a trailing slash', () => {
    expect(match('/API/Core/Badges/')?.id).toBe('routes/api.core.badges');
    expect(match('/api/customs/hs/8401%2F10')?.params).toEqual({ plugin: 'customs', resource: 'hs', id: '8401/10' });
  });

  it('leaves a malformed escape to Remix', () => {
    expect(match('/api/customs/hs/%E0%A4%A')).toBeNull();
  });
});

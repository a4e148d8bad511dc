// The /api/decl routes, one per URL shape, all served by api.decl.ts. A static `decl` segment
// ranks above the generic `api/$plugin/…` routes of app/routes, so each of these wins for its
// shape; the splat only answers the paths none of them takes (404 in the envelope).
import type { RouteDef } from '@core/shared';

export const declApiRoutes: RouteDef[] = [
  { path: 'api/decl/:resource', file: 'declapi/api.decl.ts', id: 'declapi/collection', layout: 'none' },
  { path: 'api/decl/:resource/export', file: 'declapi/api.decl.ts', id: 'declapi/export', layout: 'none' },
  { path: 'api/decl/:resource/transition/:transition', file: 'declapi/api.decl.ts', id: 'declapi/transition', layout: 'none' },
  { path: 'api/decl/:resource/:id', file: 'declapi/api.decl.ts', id: 'declapi/member', layout: 'none' },
  { path: 'api/decl/*', file: 'declapi/api.decl.ts', layout: 'none' },
];

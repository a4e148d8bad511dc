// The /api/decl routes, one per URL shape. A static `decl` segment ranks above the generic
// `api/$plugin/…` routes of app/routes, so each of these wins for its shape; the splat only
// answers the paths none of them takes (404 in the envelope).
import type { RouteDef } from '@core/shared';

export const declApiRoutes: RouteDef[] = [
  { path: 'api/decl/:resource', file: 'declapi/api.decl.collection.ts', layout: 'none' },
  { path: 'api/decl/:resource/export', file: 'declapi/api.decl.export.ts', layout: 'none' },
  { path: 'api/decl/:resource/transition/:transition', file: 'declapi/api.decl.transition.ts', layout: 'none' },
  { path: 'api/decl/:resource/:id', file: 'declapi/api.decl.member.ts', layout: 'none' },
  { path: 'api/decl/*', file: 'declapi/api.decl.ts', layout: 'none' },
];

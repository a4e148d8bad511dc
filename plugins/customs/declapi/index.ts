// Customs area "declapi": the declaration platform's existing client, served the same resources
// in its envelope (code 100/1000) under /api/decl. Listed after the document areas: its OpenAPI
// copies of their paths carry their notes.
import type { PluginArea } from '@core/shared';
import { declApiPaths } from './openapi';
import { declApiRoutes } from './routes';

export const declApiArea: PluginArea = { key: 'declapi', routes: declApiRoutes, openapi: declApiPaths };

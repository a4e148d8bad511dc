// The public face of core for a plugin's server code (loaders, actions, hooks, jobs, seeds,
// migrations): what plugins may import, re-exported from core's modules. A plugin imports core
// only from here, @core/client and @core/shared (ESLint: port/boundaries).

export { requireCurrent } from './auth/guard.server';
export { hashPassword } from './auth/password.server';
export { revokeSessions } from './auth/session.server';
export { createApiToken, revokeApiToken } from './auth/token.server';
export { SPEC_BADGE_VISIBILITY } from './badges.server';
export { api, apiNotFound, page, publicApi, requestContext } from './context.server';
export type { PublicContext, RequestContext } from './context.server';
export { cacheableJson, etagOf } from './http/cacheable.server';
export { auditColumns } from './db/core-migrations';
export { dataDir, isMysql, toDate } from './db/knex.server';
export { demoActor, demoDataSeed } from './demo-actor.server';
export type { DemoActor } from './demo-actor.server';
export { documentResource, saveLines } from './document/document.server';
export { claimUpload, filesOf, releaseUploads, saveFile } from './files/files.server';
export { handOff } from './handoff.server';
export type { Handoff, HandoffReceiver, HandoffServices } from './handoff.server';
export { ApiError, CODE, FieldError, fail, handleApi, ok, readJson } from './http/envelope.server';
export { download } from './http/download.server';
export { XLSX, errors, fileResponse, json, okResponse } from './http/openapi';
export type { Json, OpenApiParts } from './http/openapi';
export { VARIANT_CODE, toVariantEnvelope } from './http/variant.server';
export { getLang } from './i18n/i18n.server';
export { listJobs, pauseJob, resumeJob, runJobOnce, updateCron } from './jobs/admin.server';
export type { JobListItem, JobRunSummary } from './jobs/admin.server';
export { getScheduler } from './jobs/scheduler.server';
export { forgetSessionUsers, loadMenuTree } from './rbac/access.server';
export type { MenuItem } from './rbac/access.server';
export { CUSTOM_MENU_PLUGIN } from './rbac/sync.server';
export type { Registry, Services } from './registry.server';
export { abilities, collection, exportFile, member, transition } from './resource/api.server';
export { writeAudit } from './resource/audit.server';
export { serverResource } from './resource/define.server';
export type { HookContext, ResourceHooks, Row, ServerResource, WriteContext } from './resource/define.server';
export { tableLookup } from './resource/lookups.server';
export type { Lookup } from './resource/lookups.server';
export { chartPoints } from './resource/chart.server';
export { loadLookups, resourcePageData } from './resource/page.server';
export { createRow, deptAndBelow, getRow, listRows, transitionRows, zodFieldErrors } from './resource/service.server';
export { ADMIN_ROLE_NAME, seedDemoLogins } from './seed-demo.server';
export type { DemoLogin, DemoRole } from './seed-demo.server';
export { countCard } from './stats/stats.server';

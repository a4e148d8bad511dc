// The /api routes plugins declare as taking a multipart body (RouteDef.multipart: a page's own
// upload, e.g. a PDF to verify), besides core's file upload and resource import. The registry
// sets them as it is built; the CSRF guard's JSON-only rule lets them through. No imports: both
// the registry and the guard read it without depending on each other.

let declared: RegExp[] = [];

/** Replaces the declared multipart routes (paths without a leading slash, `:param` segments allowed). */
export function setMultipartRoutes(paths: string[]): void {
  declared = paths.map((p) => new RegExp(`^/${p.replace(/^\//, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`));
}

/** Whether a plugin declared this path as taking a multipart body. */
export function isDeclaredMultipart(path: string): boolean {
  return declared.some((r) => r.test(path));
}

// Embed tokens: what a partner's portal server exchanges its API token for, so that a widget in
// a visitor's browser can read one trader's settlement states and nothing else.

/** Issuing embed tokens (a partner API token's role, or an administrator). */
export const EMBED_PERMISSION = 'portal:embed:issue';
/** The one thing an embed token allows. */
export const SETTLEMENT_SCOPE = 'settlement:read';
/** What tells an embed token from other credentials (`Authorization: Embed pem_…`). */
export const EMBED_PREFIX = 'pem_';
/** userType of a trader (贸易商): the only users an embed token may be issued for. */
export const TRADER_USER_TYPE = 4;

/** Seconds an embed token lives (PORTAL_EMBED_TTL_S, 10 minutes by default, 30 s to 1 h). */
export function embedTtlSeconds(): number {
  const n = Number(process.env.PORTAL_EMBED_TTL_S || 600);
  return Number.isFinite(n) ? Math.min(3600, Math.max(30, Math.round(n))) : 600;
}

// Top-bar badges come from plugins; each is shown only to the roles/permissions it names
// (SPEC §6) and counts for the signed-in user. A failing count shows as 0, not a broken bar.
// A badge with a list opens a dialog paging through the rows behind its count
// (GET /api/core/badges/<key>/list), refused to whoever may not see the badge.
import type { TFunction } from 'i18next';
import { ApiError, CODE } from './http/envelope.server';
import type { BadgeDef, BadgeView, SessionUserLike } from './plugin';
import type { Registry } from './registry.server';
import { matchesRoleOrPermission } from './rbac/menu';

const sees = (user: SessionUserLike, b: BadgeDef) => matchesRoleOrPermission(user, b.roles, b.permissions);

export async function badgesFor(registry: Registry, user: SessionUserLike): Promise<BadgeView[]> {
  const ctx = registry.context();
  const visible = registry.badges.filter((b) => sees(user, b));
  return Promise.all(
    visible.map(async (b) => {
      let count = 0;
      try {
        count = await b.count(ctx, user);
      } catch (e) {
        console.error(`badge ${b.key}:`, e);
      }
      const view: BadgeView = { key: b.key, titleKey: b.titleKey, icon: b.icon, count, href: b.href };
      if (b.list) view.list = { columns: b.list.columns, moreHref: b.list.moreHref };
      return view;
    }),
  );
}

/** How often the layout refreshes the counts: every minute; BADGE_POLL_MS (at least 200) shortens it for browser tests. */
export function badgePollMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.BADGE_POLL_MS);
  return Number.isInteger(ms) && ms >= 200 ? ms : 60_000;
}

export const BADGE_LIST_MAX_PAGE_SIZE = 100;

/** A whole number ≥ 1 from a query value, else the fallback. */
function positive(raw: string | null | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1 ? n : fallback;
}

export interface BadgeListPage {
  rows: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
}

/** One page of a badge's list for the user: 404 for an unknown badge or one without a list, 403 when the user may not see it. */
export async function badgeListPage(
  registry: Registry,
  user: SessionUserLike,
  key: string,
  query: { page?: string | null; pageSize?: string | null },
  t: TFunction,
): Promise<BadgeListPage> {
  const badge = registry.badges.find((b) => b.key === key);
  if (!badge?.list) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  if (!sees(user, badge)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  const page = positive(query.page, 1);
  const pageSize = Math.min(positive(query.pageSize, 10), BADGE_LIST_MAX_PAGE_SIZE);
  const { rows, total } = await badge.list.load(registry.context(), user, page, pageSize);
  return { rows, total, page, pageSize };
}

/**
 * Who sees the four top-bar badges of SPEC §6. The plugins that provide the counts
 * (ship reporting, weighing, funds) use these so the rule lives in one place.
 */
export const SPEC_BADGE_VISIBILITY = {
  shipReport: { permissions: ['shipShow:remind'] },
  twoPortShipReport: { roles: ['ZWYCAU', 'customs_admin', 'PTGL', '0'], permissions: ['shipShow:remind'] },
  weighing: { roles: ['ZWYCAU', 'WLFZ', 'GBYW', 'customs_admin'] },
  fundReminder: { roles: ['ZWYCAU', 'customs_admin', 'PTGL'] },
} as const satisfies Record<string, { roles?: readonly string[]; permissions?: readonly string[] }>;

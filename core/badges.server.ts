// Top-bar badges come from plugins; each is shown only to the roles/permissions it names
// (SPEC §6) and counts for the signed-in user. A failing count shows as 0, not a broken bar.
import type { Registry } from './registry.server';
import { matchesRoleOrPermission, type SessionUser } from './rbac/menu';

export interface BadgeView {
  key: string;
  titleKey: string;
  icon: string;
  count: number;
  href?: string;
}

export async function badgesFor(registry: Registry, user: SessionUser): Promise<BadgeView[]> {
  const ctx = registry.context();
  const visible = registry.badges.filter((b) => matchesRoleOrPermission(user, b.roles, b.permissions));
  return Promise.all(
    visible.map(async (b) => {
      let count = 0;
      try {
        count = await b.count(ctx, user);
      } catch (e) {
        console.error(`badge ${b.key}:`, e);
      }
      return { key: b.key, titleKey: b.titleKey, icon: b.icon, count, href: b.href };
    }),
  );
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

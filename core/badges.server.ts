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

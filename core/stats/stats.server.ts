// Dashboard statistics registered by plugins, filtered by permission, loaded in parallel.
import type { Knex } from 'knex';
import type { StatDef, StatValue } from '../plugin';
import type { Registry } from '../registry.server';
import { hasPermission, type SessionUser } from '../rbac/menu';

export interface StatView {
  key: string;
  titleKey: string;
  value: StatValue | null;
}

export async function statsFor(registry: Registry, user: SessionUser): Promise<StatView[]> {
  const ctx = registry.context();
  const visible = registry.stats.filter((s) => !s.permission || hasPermission(user, s.permission));
  return Promise.all(
    visible.map(async (s) => {
      try {
        return { key: s.key, titleKey: s.titleKey, value: await s.load(ctx, user) };
      } catch (e) {
        console.error(`stat ${s.key}:`, e);
        return { key: s.key, titleKey: s.titleKey, value: null };
      }
    }),
  );
}

/** A card showing one number: the `n` of the row the query returns (e.g. `.count({ n: '*' })`). */
export function countCard(card: Pick<StatDef, 'key' | 'titleKey' | 'order'>, query: (knex: Knex) => Knex.QueryBuilder): StatDef {
  return {
    ...card,
    kind: 'card',
    async load({ knex }) {
      const row = await query(knex).first();
      return { kind: 'card', value: Number(row?.n ?? 0) };
    },
  };
}

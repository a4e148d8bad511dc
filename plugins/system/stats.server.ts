// Dashboard statistics from system data: accounts by type and the health of scheduled jobs.
import { countCard } from '@core/server';
import type { StatDef } from '@core/shared';

export const systemStats: StatDef[] = [
  countCard({ key: 'system.users', titleKey: 'system:stats.users', order: 5 }, (knex) => knex('sys_user').where({ status: '0' }).count({ n: '*' })),
  countCard({ key: 'system.failedJobs', titleKey: 'system:stats.failedJobs', order: 30 }, (knex) =>
    knex('sys_job_log')
      .where('started_at', '>=', new Date(Date.now() - 24 * 3600 * 1000))
      .andWhere({ status: 'failed' })
      .count({ n: '*' }),
  ),
  {
    key: 'system.usersByType',
    titleKey: 'system:stats.usersByType',
    kind: 'chart',
    order: 110,
    async load({ knex }) {
      const rows: { user_type: number; n: number }[] = await knex('sys_user').select('user_type').count({ n: '*' }).groupBy('user_type');
      const types = [1, 2, 3, 4, 5, 6];
      return {
        kind: 'chart',
        labels: types.map((t) => `core:accountType.${t}`),
        series: [{ labelKey: 'system:stats.accounts', data: types.map((t) => Number(rows.find((r) => Number(r.user_type) === t)?.n ?? 0)) }],
      };
    },
  },
];

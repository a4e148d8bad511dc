// Dashboard statistics from system data: accounts by type and the health of scheduled jobs.
import type { StatDef } from '@core/shared';

export const systemStats: StatDef[] = [
  {
    key: 'system.users',
    titleKey: 'system:stats.users',
    kind: 'card',
    order: 5,
    async load({ knex }) {
      const row = await knex('sys_user').where({ status: '0' }).count({ n: '*' }).first();
      return { kind: 'card', value: Number(row?.n ?? 0) };
    },
  },
  {
    key: 'system.failedJobs',
    titleKey: 'system:stats.failedJobs',
    kind: 'card',
    order: 30,
    async load({ knex }) {
      const since = new Date(Date.now() - 24 * 3600 * 1000);
      const row = await knex('sys_job_log').where('started_at', '>=', since).andWhere({ status: 'failed' }).count({ n: '*' }).first();
      return { kind: 'card', value: Number(row?.n ?? 0) };
    },
  },
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

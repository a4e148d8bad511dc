// The first dashboard statistics: who is online and how logins went over the last week.
import type { StatDef } from '../plugin';
import { countCard } from './stats.server';

function lastDays(n: number): Date[] {
  const days: Date[] = [];
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (let i = n - 1; i >= 0; i--) days.push(new Date(today.getTime() - i * 86400000));
  return days;
}

export const coreStats: StatDef[] = [
  countCard({ key: 'core.onlineUsers', titleKey: 'core:stats.onlineUsers', order: 10 }, (knex) =>
    knex('sys_session').whereNull('revoked_at').andWhere('expires_at', '>', new Date()).whereNotNull('user_id').countDistinct({ n: 'user_id' }),
  ),
  countCard({ key: 'core.loginsToday', titleKey: 'core:stats.loginsToday', order: 20 }, (knex) =>
    knex('sys_login_log').where('created_at', '>=', lastDays(1)[0]).andWhere('success', true).count({ n: '*' }),
  ),
  {
    key: 'core.loginTrend',
    titleKey: 'core:stats.loginTrend',
    kind: 'chart',
    order: 100,
    async load({ knex }) {
      const days = lastDays(7);
      const rows: { created_at: unknown; success: unknown }[] = await knex('sys_login_log').where('created_at', '>=', days[0]).select('created_at', 'success');
      const ok = days.map(() => 0);
      const bad = days.map(() => 0);
      for (const r of rows) {
        const t = r.created_at instanceof Date ? r.created_at.getTime() : Number(r.created_at);
        const i = Math.floor((t - days[0].getTime()) / 86400000);
        if (i < 0 || i >= days.length) continue;
        if (r.success === true || r.success === 1) ok[i]++;
        else bad[i]++;
      }
      return {
        kind: 'chart',
        labels: days.map((d) => d.toISOString().slice(5, 10)),
        series: [
          { labelKey: 'core:stats.loginSuccess', data: ok },
          { labelKey: 'core:stats.loginFailure', data: bad },
        ],
      };
    },
  },
];

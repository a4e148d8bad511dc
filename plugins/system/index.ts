// System management: login log and online users, scheduled jobs and their log.
// (Users, roles, departments, menus and code tables arrive with the resource engine.)
import { definePlugin } from '../../core/plugin';
import { systemStats } from './stats.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'system',
  root: 'plugins/system',
  menus: [
    {
      key: 'management',
      path: '/management',
      titleKey: 'system:menu.management',
      icon: 'Settings',
      order: 900,
      children: [
        { key: 'management.log', path: '/management/log', titleKey: 'system:menu.log', icon: 'History', order: 10 },
        { key: 'management.job', path: '/management/systemMaintenance/job', titleKey: 'system:menu.job', icon: 'Schedule', order: 20 },
        { key: 'management.jobLog', path: '/management/systemMaintenance/jobLog', titleKey: 'system:menu.jobLog', hidden: true, order: 30 },
      ],
    },
  ],
  permissions: [
    { code: 'system:log:list', titleKey: 'system:perm.logList', menu: 'management.log', mandatory: true },
    { code: 'system:session:forceLogout', titleKey: 'system:perm.forceLogout', menu: 'management.log' },
    { code: 'system:job:list', titleKey: 'system:perm.jobList', menu: 'management.job', mandatory: true },
    { code: 'system:job:run', titleKey: 'system:perm.jobRun', menu: 'management.job' },
    { code: 'system:job:edit', titleKey: 'system:perm.jobEdit', menu: 'management.job' },
    { code: 'shipShow:remind', titleKey: 'system:perm.shipShowRemind' },
  ],
  routes: [
    { path: 'management/log', file: 'routes/log.tsx' },
    { path: 'management/systemMaintenance/job', file: 'routes/job.tsx' },
    { path: 'management/systemMaintenance/jobLog', file: 'routes/jobLog.tsx' },
  ],
  stats: systemStats,
  locales: { zh, en, my },
});

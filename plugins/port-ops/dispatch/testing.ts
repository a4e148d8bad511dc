// Test helpers of the dispatch area: the port-ops plugin of the areas it stands on (fleet,
// customers, the sources' fleet orders, the tally's weighbridge records) and this one; a valid dispatch.
import { definePlugin } from '../../../core/plugin';
import { isoDay } from '../../../core/i18n/dates';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';
import { fleetArea } from '../fleet';
import { customersArea } from '../customers';
import { assignmentArea } from '../assignment';
import { sourcesArea } from '../sources';
import { tallyArea } from '../tally';
import { dispatchArea } from '.';

export const dispatchPortOps = definePlugin({
  id: 'portops',
  root: 'plugins/port-ops',
  areas: [fleetArea, customersArea, assignmentArea, sourcesArea, dispatchArea, tallyArea],
  demoLogins: [
    { username: 'fleet', nickname: '顺达车队调度', userType: 3 },
    { username: 'driver', nickname: '李建国', userType: 3 },
    { username: 'shipper', nickname: '货主演示', userType: 4 },
  ],
  locales: { zh, en, my },
});

/** A day `n` days from today, YYYY-MM-DD (local, as the demo seeds count). */
export const dayFrom = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return isoDay(d);
};

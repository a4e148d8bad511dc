// Test helpers of the dispatch area (which stands on every other port-ops area: fleets,
// customers, the sources' fleet orders, the tally's weighbridge records): a valid dispatch's day.
import { isoDay } from '../../../core/i18n/dates';

/** A day `n` days from today, YYYY-MM-DD (local, as the demo seeds count). */
export const dayFrom = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return isoDay(d);
};

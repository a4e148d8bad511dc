// Port operations (SPEC §2 /customermanage, /smartorderassignment, /intelligentdispatch,
// /cargoManagement, /fleetassets; shared/DOMAIN.md "Dispatch, waybills, settlement"): the
// dispatch centre's customers and contracts, cargo sources assigned across fleets, fleet
// dispatch and driver waybills, tally in the port yard, and the fleets' vehicles and drivers.
// Each part is an area in its own folder; the plugin reaches other plugins only through
// registered services and works without them.
import { definePlugin } from '@core/shared';
import { assignmentArea } from './assignment';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'portops',
  root: 'plugins/port-ops',
  // In seed order: fleets and customers before what refers to them.
  areas: [assignmentArea],
  locales: { zh, en, my },
});

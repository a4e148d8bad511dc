// Port operations (SPEC §2 /customermanage, /smartorderassignment, /intelligentdispatch,
// /cargoManagement, /fleetassets; shared/DOMAIN.md "Dispatch, waybills, settlement"): the
// dispatch centre's customers and contracts, cargo sources assigned across fleets, fleet
// dispatch and driver waybills, tally in the port yard, and the fleets' vehicles and drivers.
// Each part is an area in its own folder; the plugin reaches other plugins only through
// registered services and works without them.
import { definePlugin } from '@core/shared';
import { fleetArea } from './fleet';
import { customersArea } from './customers';
import { assignmentArea } from './assignment';
import { sourcesArea } from './sources';
import { dispatchArea } from './dispatch';
import { tallyArea } from './tally';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'portops',
  root: 'plugins/port-ops',
  // In seed order: fleets and customers before what refers to them.
  areas: [fleetArea, customersArea, assignmentArea, sourcesArea, dispatchArea, tallyArea],
  // Seeded by the areas: a fleet's dispatcher (role FLEET) and a driver (role DRIVER) of
  // 瑞丽顺达物流车队; a shipper (role SHIPPER) of 瑞丽云海橡胶进出口有限公司.
  demoLogins: [
    { username: 'fleet', nickname: '顺达车队调度', userType: 3 },
    { username: 'driver', nickname: '李建国', userType: 3 },
    { username: 'shipper', nickname: '货主演示', userType: 4 },
  ],
  locales: { zh, en, my },
});

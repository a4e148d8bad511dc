// What several port-ops areas declare alike: the sidebar groups of SPEC §2 they share (each area
// adds its leaves under one of them) and the head of their tables.
import { tableHead, type MenuNode } from '@core/shared';

const group = (key: string, icon: string, order: number) => (children: MenuNode[]): MenuNode => ({ key, path: `/${key}`, titleKey: `portops:menu.${key}`, icon, order, children });

/** 客户管理 (/customermanage): customers, blacklist, contracts, price adjustments, lines, fees. */
export const customerGroup = group('customermanage', 'Groups', 300);
/** 智能派单 (/smartorderassignment): cargo sources, their assignment across fleets, the rules. */
export const assignmentGroup = group('smartorderassignment', 'AltRoute', 310);
/** 智能调度 (/intelligentdispatch): fleet orders, waybills, the driver's page. */
export const dispatchGroup = group('intelligentdispatch', 'LocalShipping', 320);
/** 理货管理 (/cargoManagement): yard plans, work confirmation, weighbridge records. */
export const tallyGroup = group('cargoManagement', 'Inventory', 330);
/** 车队资产 (/fleetassets): fleets, vehicles, drivers. */
export const fleetGroup = group('fleetassets', 'DirectionsCar', 340);

/** The head of a port-ops table: its screen's menu and title, the field naming a row, newest first. */
export const portOpsTable = tableHead('portops');

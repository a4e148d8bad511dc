// The public face of core for declarations used on both sides (resources, documents, rules,
// the plugin contract and its types, dates). A plugin imports core only from here,
// @core/server and @core/client.

export type { PluginArea } from './areas';
export { decimalSum, defineDocument, lineList, lineLookups } from './document/define';
export type { DocumentDef, LineCollection } from './document/define';
export { UPLOAD_TYPES } from './files/sniff';
export type { UploadType } from './files/sniff';
export { dayStamp, displayTimeZone, formatDateTime, isoDay, todayIso } from './i18n/dates';
export type { Lang } from './i18n/i18n';
export { CHARGE_BASES, CHARGING_RULES, CONTRACTS, ENTERPRISE_DIRECTORY, PARTY_BILLS, chargeDays, chargeQuantity, defineJob, definePlugin } from './plugin';
export type { BadgeDef, ChargeBasis, ChargeFacts, ChargingRules, ContractRequest, ContractState, ContractsService, CrossOriginDef, EnterpriseDirectory, PartyBill, PartyBills, GrantDef, JobDef, LookupOption, MenuNode, Migration, PermissionDef, PluginContext, PortPlugin, RouteDef, RuleCharge, ScreenDef, Seed, SessionUserLike, StatDef } from './plugin';
export { hasPermission, matchesRoleOrPermission } from './rbac/menu';
export type { SessionUser } from './rbac/menu';
export { columnOf, crudPermissions, defineResource, editableInState, endpoint, permissionCodes, resourceKey, tableHead } from './resource/define';
export type { ChartDef, EnumOption, FieldDef, FieldType, ResourceDef, ResourcePermissions, StateMachine, Transition } from './resource/define';
export { localizeLookups } from './resource/lookupLabels';
export { rules } from './resource/rules';
export { resourcePermissions } from './screens';
export { ID_TYPES, creditCodeCheckChar, isCreditCode, isEmail, isIdNumber, isMobile, isMyanmarNrc, isPassport, isPhone, isPrcId, withCreditCheck, withIdCheck } from './resource/identity';
export type { IdType } from './resource/identity';

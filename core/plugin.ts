// The one contract between core and a plugin. A plugin is data plus a few functions:
// the registry (core/registry.server.ts) reads it; remix.config.js mounts its routes.
// This file must stay free of server-only imports: vite.config.ts loads it.
import type { Knex } from 'knex';
import type { ResourceDef } from './resource/define';
import type { ServerResource } from './resource/define.server';
import type { LookupDef } from './resource/lookups.server';
import type { DocumentDef } from './document/define';
import type { Registry } from './registry.server';
import type { ScreenUi } from './ui/resource/types';
import { flattenPlugin } from './areas';

/** A node of the sidebar menu tree. Groups have children; leaves have a path. */
export interface MenuNode {
  /** Stable key, matched against the keys granted to the user's roles. */
  key: string;
  /** Absolute URL path (leaves) or path prefix (groups). */
  path: string;
  /** i18n key, `namespace:key`. */
  titleKey: string;
  /** Name of an @mui/icons-material icon, resolved by core/ui/icons.tsx. */
  icon?: string;
  /** Extra permission code the user must hold to see the entry. */
  permission?: string;
  /** Hidden entries are routable and grantable but never shown in the sidebar. */
  hidden?: boolean;
  order?: number;
  children?: MenuNode[];
}

export interface PermissionDef {
  code: string;
  titleKey: string;
  /** The menu key this permission belongs to in the role editor. */
  menu?: string;
  /** Ticked automatically whenever its menu is granted. */
  mandatory?: boolean;
}

export interface RouteDef {
  /** URL path without leading slash, e.g. `management/log`. */
  path: string;
  /** Route module, relative to the plugin root. */
  file: string;
  /** `main` (sidebar, top bar, breadcrumb), `bare` (main area only) or `none` (API / resource routes). */
  layout?: 'main' | 'bare' | 'none';
  index?: boolean;
  /** Route id within the plugin, when one module serves several paths (default: from `file`). */
  id?: string;
  /** An /api route that takes a multipart body (an upload of its own): the JSON-only rule lets it through. */
  multipart?: boolean;
}

/** What a badge, stat or job receives: never core internals, only these services. */
export interface PluginContext {
  knex: Knex;
  /** Calls a service another plugin registered (`registry.service('finance.bills')`). */
  service<T = unknown>(name: string): T;
  /** A picker's options (`plugin.name`, e.g. another plugin's code table) as this user sees them; none for an unknown picker. */
  lookup(name: string, user: SessionUserLike, search?: { q?: string; values?: string[]; limit?: number }): Promise<LookupOption[]>;
}

/**
 * Service `enterprise.directory` (a contract core names so that plugins need not know each
 * other): the login account behind an enterprise id, from whichever plugin keeps enterprises
 * (customs). Without such a plugin a caller gets no answer and does without.
 */
export const ENTERPRISE_DIRECTORY = 'enterprise.directory';
export interface EnterpriseDirectory {
  userOf(knex: Knex, enterpriseId: number): Promise<number | null>;
}

/**
 * Service `charging.rules` (a contract core names, like `enterprise.directory`): a named charging
 * rule's amount for the facts of a dispatch fee, from whichever plugin keeps charging rules and
 * their engine (finance). Without such a plugin a caller prices by its own rates.
 */
export const CHARGING_RULES = 'charging.rules';
/** What a dispatch fee is counted in: which of the facts is its quantity. */
export const CHARGE_BASES = ['tonne', 'trip', 'container', 'hour', 'day', 'km'] as const;
export type ChargeBasis = (typeof CHARGE_BASES)[number];
/** The facts of a dispatch fee (decimal strings; an absent one counts 0). */
export interface ChargeFacts {
  date: string;
  tonnes?: string | null;
  trips?: string | null;
  containers?: string | null;
  distanceKm?: string | null;
  waitingHours?: string | null;
}
/** Days begun of the waiting hours (25 h = 2 days): what a per-day or day-tiered fee counts. */
export function chargeDays(facts: ChargeFacts): number {
  return Math.ceil(Number(facts.waitingHours || 0) / 24);
}
/** The quantity of the facts a fee of this basis counts, as a decimal string. */
export function chargeQuantity(facts: ChargeFacts, per: ChargeBasis): string {
  const of: Record<ChargeBasis, string | null | undefined> = {
    tonne: facts.tonnes,
    trip: facts.trips,
    container: facts.containers,
    hour: facts.waitingHours,
    day: String(chargeDays(facts)),
    km: facts.distanceKm,
  };
  return of[per] || '0';
}
/** A rule's amount and how it came about (the rule, its method, quantity, rate and the tiers it used). */
export interface RuleCharge {
  ruleId: number;
  ruleName: string;
  feeItemName: string;
  method: string;
  rate: string;
  quantity: string;
  unit: string | null;
  amount: string;
  currency: string | null;
  explanation: string;
}
export interface ChargingRules {
  /** Whether a rule of this id exists (in force or not). */
  exists(knex: Knex, ruleId: number): Promise<boolean>;
  /**
   * The rule's charge for the facts counted by `per`, or why there is none: `missing` (no such
   * rule), `notInForce` (it or its fee item is invalid, or the date is outside its validity).
   * `t` translates the explanation's words (Chinese without it).
   */
  charge(knex: Knex, ruleId: number, facts: ChargeFacts, per: ChargeBasis, t?: (key: string) => string): Promise<{ charge: RuleCharge } | { refused: 'missing' | 'notInForce' }>;
}

/**
 * Service `finance.partyBills` (a contract core names, like `charging.rules`): the bills one
 * user pays, a page at a time, with their labels in the caller's language, from whichever
 * plugin keeps bills (finance). The portal's settlement status viewer reads through it.
 */
export const PARTY_BILLS = 'finance.partyBills';
export interface PartyBill {
  serialNo: string;
  orderNo: string;
  billType: string;
  billTypeLabel: string;
  /** Decimal string, two places. */
  amount: string;
  currency: string;
  /** YYYY-MM-DD. */
  billDate: string;
  status: string;
  statusLabel: string;
  payFlag: string;
  payFlagLabel: string;
  /** YYYY-MM-DD HH:mm:ss, or null while unpaid. */
  paidAt: string | null;
}
export interface PartyBills {
  /** The bills pushed to `userId` as payer, newest first; `t` words the labels. */
  page(knex: Knex, userId: number, paging: { page: number; pageSize: number }, t: (key: string) => string): Promise<{ rows: PartyBill[]; total: number }>;
}

/**
 * Service `contracts.contracts` (a contract core names, like `finance.partyBills`): a contract
 * made from a template for some enterprises, and its state, from whichever plugin keeps contracts
 * (contracts). A port-ops transport contract or a customs entrustment asks through it.
 */
export const CONTRACTS = 'contracts.contracts';
export interface ContractRequest {
  /** The template's code (`transport`, `customsEntrustment`, `purchase`, …): it must be enabled. */
  templateCode: string;
  title: string;
  /** The signing enterprises' registered names, in signing order (two or more). */
  parties: string[];
  /** YYYY-MM-DD. */
  effectiveDate: string;
  expiryDate: string;
  /** Decimal string. */
  amount: string;
  /** CNY, USD, EUR, GBP or MMK. */
  currency: string;
  goods?: string | null;
  route?: string | null;
  remark?: string | null;
  /** Send it for signing at once (else it waits as a draft for review). */
  send?: boolean;
}
export interface ContractState {
  id: number;
  contractNo: string;
  /** draft, signing, normal, expired or abnormal. */
  status: string;
  parties: { name: string; status: 'pending' | 'signed' | 'rejected'; signedAt: string | null }[];
}
export interface ContractsService {
  /** Makes the contract as `actor` (who needs the right to add contracts); answers its state. */
  createFromTemplate(knex: Knex, actor: { user: SessionUserLike; ip: string | null; t: (key: string, o?: Record<string, unknown>) => string }, request: ContractRequest): Promise<ContractState>;
  /** A contract's state, or null. */
  state(knex: Knex, id: number): Promise<ContractState | null>;
}

export interface SessionUserLike {
  id: number;
  username: string;
  userType: number;
  roles: { roleName: string; roleCode: string }[];
  permissionList: string[];
  isAdmin: boolean;
}

export interface BadgeDef {
  key: string;
  titleKey: string;
  icon: string;
  order?: number;
  /** Visible when the user has one of these role codes ... */
  roles?: readonly string[];
  /** ... or one of these permissions. Neither given: visible to every user. */
  permissions?: readonly string[];
  count(ctx: PluginContext, user: SessionUserLike): Promise<number>;
  /** Where clicking the badge leads (a screen or dialog route); ignored when it has a list. */
  href?: string;
  /** Clicking the badge opens a dialog with this paged list (served by core, same visibility). */
  list?: BadgeList;
}

export interface BadgeListColumn {
  field: string;
  /** i18n key, `namespace:key`. */
  labelKey: string;
  /** `money` cells are right-aligned. */
  kind?: 'text' | 'money';
}

export interface BadgeList {
  columns: BadgeListColumn[];
  /** One page (1-based) of the rows behind the count, as the user may see them. */
  load(ctx: PluginContext, user: SessionUserLike, page: number, pageSize: number): Promise<{ rows: Record<string, unknown>[]; total: number }>;
  /** The full screen behind the list ("查看全部"). */
  moreHref?: string;
}

/** A badge as the top bar gets it: its count for the user; its list's columns and link, never its loader. */
export interface BadgeView extends Pick<BadgeDef, 'key' | 'titleKey' | 'icon' | 'href'> {
  count: number;
  /** Present when clicking the badge opens its list dialog. */
  list?: Pick<BadgeList, 'columns' | 'moreHref'>;
}

export interface StatDef {
  key: string;
  titleKey: string;
  kind: 'card' | 'chart';
  order?: number;
  permission?: string;
  /** card: a number; chart: labelled series. */
  load(ctx: PluginContext, user: SessionUserLike): Promise<StatValue>;
}

export type StatValue = { kind: 'card'; value: number; unitKey?: string } | { kind: 'chart'; labels: string[]; series: { labelKey: string; data: number[] }[] };

export interface JobRunContext extends PluginContext {
  /** Id of the job-log row of this run. */
  logId: number;
  data: Record<string, unknown>;
  log(message: string): void;
}

export interface JobDef {
  /** Globally unique, `plugin.name`. */
  name: string;
  titleKey: string;
  /** Cron pattern (with optional seconds field); absent for on-demand jobs. */
  cron?: string;
  /**
   * Also run once as the scheduler starts (data `{ atStart: true }`): in-process in the web
   * process, with BullMQ queued by each worker process as it starts.
   */
  runAtStart?: boolean;
  /**
   * Never two runs at once, on any process: a run holds a lock (Redis with REDIS_URL, else a
   * sys_lock row) and a run started while another holds it is skipped and logged as skipped,
   * not queued behind. False where parallel runs are harmless.
   */
  exclusive: boolean;
  /**
   * After an outage (no scheduler running at the job's cron tick), run once as the scheduler
   * starts: true where a missed run loses work (bills, reminders, expiry marking), false where
   * the next tick covers it. Missed ticks are caught up once, not once per tick.
   */
  catchUp: boolean;
  process(ctx: JobRunContext): Promise<string | void>;
}

export interface Migration {
  /** Unique within the plugin, sortable: `001_users`. */
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

export interface Seed {
  name: string;
  /**
   * Run once per database (recorded in sys_seed_log), so later administrator changes such as
   * revoked grants or deleted demo users stay as they are. Without it the seed runs on every
   * start and must be idempotent.
   */
  once?: boolean;
  /** `registry`: the plugins being seeded (e.g. to hand off to whichever of them receives). */
  run(knex: Knex, ctx: { demoPassword: string; hashPassword(p: string): Promise<string>; registry: Registry }): Promise<void>;
}

/**
 * Menus and permissions a plugin grants a role on a new database (demo roles, its own roles).
 * Core applies them once per database (core/rbac/grant.ts), as soon as the role exists, before
 * the next seed runs: later administrator changes stay as they are.
 */
export interface GrantDef {
  /** Role code; grants to a role that does not exist (yet) wait for it. */
  role: string;
  menus?: readonly string[];
  permissions?: readonly string[];
  /** Taken away from the role first, unless granted here (an area narrowing earlier grants). */
  revoke?: { menus?: readonly string[]; permissions?: readonly string[] };
  /**
   * The once-seed (`plugin/name` in sys_seed_log) that wrote this grant by hand before grants
   * were data: a database where it ran has the grant already (or an administrator took it
   * away). `<plugin>/<area>-grants` is assumed without it.
   */
  legacySeed?: string;
}

export type LocaleBundle = Record<string, unknown>;

/**
 * A list screen of one resource, mounted by core on the app's one generic screen route. Its menu
 * leaf (key `resource.menu`, title `resource.titleKey`) and its permissions (the resource's
 * list/create/update/delete/export/import codes and its transitions', titled by action, under
 * the leaf, list mandatory) are derived; a permission the plugin declares itself wins.
 * The declaration is isomorphic (the page renders from the resource in the browser): keep it
 * in a module free of server code, `screens.ts` next to the area (app/screens.ts finds it there).
 */
export interface ScreenDef {
  /** URL path without leading slash, without parameters: `customsBase/hsCode`. */
  path: string;
  /**
   * The resource; its server half is the one the plugin registers (`resources` or
   * `screenResources`). A copy of its declaration (`{ ...def, menu, titleKey }`) shows it under
   * another menu: that menu guards the page, the API stays the registered resource's.
   */
  resource: ResourceDef;
  /** A header-and-lines document of that resource: add and edit open its editor (core/ui/document). */
  document?: DocumentDef;
  /** Where the derived leaf goes; without it no leaf is derived (the plugin declares `resource.menu`). */
  menu?: { parent: string; order?: number; icon?: string; hidden?: boolean; /** Default: the resource's titleKey. */ titleKey?: string };
  /** A named variant of the resource's page (a fixed filter, its own actions), handed to the page loader. */
  variant?: string;
  /** A hand-written route module (relative to the plugin root) instead of the generic page: a screen with its own form. */
  file?: string;
  /** Further lists as tabs (`?tab=<key>`, each a registered resource), the screen's own resource first. */
  tabs?: { key: string; resource: ResourceDef }[];
  /** The screen's own parts (toolbar buttons, cells, row actions, form, dialogs): a client module, loaded with the page. */
  ui?: () => Promise<{ default: ScreenUi }>;
}

/**
 * Paths other web sites' pages may call from the browser (a portal's public API), and which
 * sites may (core/http/cors.server.ts): answers to an allowed Origin carry
 * Access-Control-Allow-Origin, its preflights are answered 204, and its POSTs pass the CSRF
 * check; any other origin gets no CORS headers and a 403 preflight.
 */
export interface CrossOriginDef {
  /** Path prefixes (`/api/portal/public/`). */
  paths: string[];
  /** Of those, the paths that take a multipart body (a form with files); the others JSON only. */
  multipart?: string[];
  /** The allowed origins (`scheme://host[:port]`), read from the plugin's table: core caches them per process until `crossOriginChanged()` (any process). */
  origins(ctx: PluginContext): Promise<string[]>;
}

/** What a plugin and each of its areas may declare. */
export interface PluginParts {
  menus?: MenuNode[];
  permissions?: PermissionDef[];
  routes?: RouteDef[];
  screens?: ScreenDef[];
  /** Migration names must be unique across the plugin's areas (prefix them with the area key). */
  migrations?: Migration[];
  seeds?: Seed[];
  /** Grants applied once per database by core (see GrantDef); `source` names the area. */
  grants?: (GrantDef & { source?: string })[];
  jobs?: JobDef[];
  badges?: BadgeDef[];
  stats?: StatDef[];
  /** An area's texts live under `<plugin>:<area key>.*`. */
  locales?: { zh: LocaleBundle; en: LocaleBundle; my: LocaleBundle };
  services?: Record<string, unknown>;
  /** Resource-engine declarations: list/get/create/update/delete/export/import + REST API. */
  resources?: ServerResource[];
  /** Resources only its screens list (a log, rows a screen computes): no REST API. */
  screenResources?: ServerResource[];
  /** Adds to the OpenAPI document (paths a plugin serves outside the resource engine). */
  openapi?(doc: { paths: Record<string, unknown>; schemas: Record<string, unknown> }, t: (key: string) => string): void;
  /** Public paths that other sites' pages may call (CORS allow-list, see CrossOriginDef). */
  crossOrigin?: CrossOriginDef[];
  /**
   * Option lists for pickers (`/api/lookup/<plugin>.<name>`, `?q=` searches), e.g. roles for the
   * user form: `tableLookup({...})` or `defineLookup(access, load)`, each saying whose rows it
   * lists (`resource`; its list permission and data scope apply to every reader), which other
   * screens' permissions it serves (`for`), or that it is `open` (no one's data).
   */
  lookups?: Record<string, LookupDef>;
}

/**
 * A part of a large plugin (customs: enterprise center, orders, declarations …; finance: fees,
 * bills, funds, FX), in its own folder. The registry flattens a plugin's areas into it (see
 * core/areas.ts); areas talk to each other through the functions they export.
 */
export interface PluginArea extends PluginParts {
  /** The area's key: its locales live under `<plugin>:<key>.*`. */
  key: string;
}

export interface PortPlugin extends PluginParts {
  id: string;
  /** Folder of the plugin relative to the project root (route files resolve from it). */
  root: string;
  /** The plugin's areas: their parts come after the plugin's own, in area order (seeds run so). */
  areas?: PluginArea[];
  /** Demo accounts the plugin's seeds create (password DEMO_PASSWORD), listed with core's at start-up. */
  demoLogins?: { username: string; nickname: string; userType: number }[];
}

export interface LookupOption {
  value: string;
  /** Display text, or an i18n key when it contains ':'. */
  label: string;
  /** Parent value, for cascading pickers (province → city → county). */
  parent?: string | null;
  /** Its depth in a tree the list is in the order of (indented in a drop-down). */
  depth?: number;
  /** The label in other languages, when the table has names in them (a screen picks one, see localizeLookups). */
  labels?: { en?: string; my?: string };
  /**
   * Values a form takes from the option when it is picked (by field name, as the inputs hold
   * them): choosing a fleet order fills the waybill's customer, line, fleet and tonnes. Applied
   * by withValue to the fields the form has, each as if typed (its dependent pickers blanked).
   */
  fill?: Record<string, string>;
}

const ID = /^[a-z][a-z0-9-]*$/;

export function definePlugin(plugin: PortPlugin): PortPlugin {
  if (!ID.test(plugin.id)) throw new Error(`plugin id "${plugin.id}" must match ${ID}`);
  return plugin;
}

export function defineJob(job: JobDef): JobDef {
  return job;
}

export interface RouteManifestEntry {
  id: string;
  parentId: string;
  path?: string;
  index?: boolean;
  file: string;
}

/** A plugin's route file as Remix resolves it (relative to app/), and its route id. */
const fileOf = (p: PortPlugin, file: string) => `../${p.root.replace(/\/$/, '')}/${file}`;
const idOf = (p: PortPlugin, file: string) => `${p.id}/${file.replace(/\.[tj]sx?$/, '')}`;

/**
 * Turns every plugin's routes into Remix route-manifest entries under the two layouts, and
 * mounts every declared screen on `screenFile` (the app's one generic screen module, relative to
 * app/) under the main layout. Remix keys routes by id, not by file (the Vite plugin builds one
 * client chunk per file and points each id's manifest entry at it), so the same module serves
 * every screen, each under its own id `<plugin>/screen/<path>` and its own static path (a screen
 * with its own module is mounted like a route).
 */
export function pluginRouteManifest(plugins: PortPlugin[], opts: { screenFile: string }): Record<string, RouteManifestEntry> {
  const manifest: Record<string, RouteManifestEntry> = {};
  const add = (e: RouteManifestEntry) => {
    if (manifest[e.id]) throw new Error(`duplicate route id ${e.id}`);
    manifest[e.id] = e;
  };
  for (const p of plugins.map(flattenPlugin)) {
    for (const r of p.routes ?? []) {
      add({
        id: r.id ? `${p.id}/${r.id}` : idOf(p, r.file),
        parentId: { main: 'routes/_main', bare: 'routes/_bare', none: 'root' }[r.layout ?? 'main'],
        path: r.index ? undefined : r.path,
        index: r.index,
        file: fileOf(p, r.file),
      });
    }
    for (const s of p.screens ?? []) {
      if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(s.path)) throw new Error(`plugin ${p.id}: screen path ${s.path} must be static, without a leading slash`);
      if (s.file) add({ id: idOf(p, s.file), parentId: 'routes/_main', path: s.path, file: fileOf(p, s.file) });
      else add({ id: `${p.id}/screen/${s.path}`, parentId: 'routes/_main', path: s.path, file: opts.screenFile });
    }
  }
  return manifest;
}

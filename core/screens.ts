// What a declared screen implies (see ScreenDef in plugin.ts): its menu leaf and the role
// editor's entries for the permissions its resource checks, and the texts a resource shows,
// which the registry requires in every language. Isomorphic: no server imports.
import type { MenuNode, PermissionDef, ScreenDef } from './plugin';
import type { ResourceDef, ResourcePermissions } from './resource/define';

/** The role editor's title of each resource action (the entry sits under the screen's menu). */
const ACTION_TITLES: Record<keyof ResourcePermissions, string> = {
  list: 'core:resource.view',
  create: 'core:resource.add',
  update: 'core:resource.edit',
  delete: 'core:resource.delete',
  export: 'core:resource.export',
  import: 'core:resource.import',
};

/** Every permission code the resource checks, with the title of the first action that needs it. */
export function resourcePermissions(def: ResourceDef): { code: string; titleKey: string; action: string }[] {
  const out = new Map<string, { code: string; titleKey: string; action: string }>();
  const add = (code: string | undefined, titleKey: string, action: string) => {
    if (code && !out.has(code)) out.set(code, { code, titleKey, action });
  };
  for (const action of Object.keys(ACTION_TITLES) as (keyof ResourcePermissions)[]) add(def.permissions[action], ACTION_TITLES[action], action);
  for (const t of def.stateMachine?.transitions ?? []) add(t.permission, t.labelKey, t.name);
  return [...out.values()];
}

/** The permissions a screen derives: under its resource's menu, list mandatory (ticked with the menu). */
export function screenPermissions(s: ScreenDef): PermissionDef[] {
  return resourcePermissions(s.resource).map(({ code, titleKey, action }) => ({ code, titleKey, menu: s.resource.menu, ...(action === 'list' ? { mandatory: true } : {}) }));
}

/** The screen's menu leaf, or null when the plugin places `resource.menu` itself. */
export function screenLeaf(s: ScreenDef): { parent: string; node: MenuNode } | null {
  if (!s.menu) return null;
  const { parent, titleKey, ...rest } = s.menu;
  return { parent, node: { key: s.resource.menu, path: `/${s.path}`, titleKey: titleKey ?? s.resource.titleKey, ...rest } };
}

/** Every title, label and message key the resource's screens, forms and transitions show. */
export function resourceTextKeys(def: ResourceDef): string[] {
  const sm = def.stateMachine;
  return [
    def.titleKey,
    def.emptyHintKey,
    ...def.fields.flatMap((f) => [f.labelKey, f.form ? f.form.placeholderKey : undefined, ...(f.options ?? []).map((o) => o.labelKey)]),
    ...(def.unique ?? []).map((u) => (Array.isArray(u) ? undefined : u.messageKey)),
    ...(sm ? [sm.editRefusedKey, sm.deleteRefusedKey, ...sm.states.map((s) => s.labelKey)] : []),
    ...(sm?.transitions ?? []).flatMap((t) => [t.labelKey, t.refusedKey, t.confirmKey, t.note?.labelKey, t.amount?.labelKey]),
  ].filter((k): k is string => !!k);
}

/** Whether `ns:a.b.c` names a string in these namespaces. */
export function resolves(namespaces: Record<string, Record<string, unknown>>, key: string): boolean {
  const i = key.indexOf(':');
  if (i < 0) return false;
  const at = (path: string) => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), namespaces[key.slice(0, i)]);
  // A counted message resolves through its plural forms (`x_one`, `x_other`).
  return typeof at(key.slice(i + 1)) === 'string' || typeof at(`${key.slice(i + 1)}_other`) === 'string';
}

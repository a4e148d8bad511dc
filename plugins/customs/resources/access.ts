// Permission codes of the customs code tables: customs:<resource>:list|add|edit|remove.
// Export goes with list and import with add, as on every code-table screen.
import type { PermissionDef } from '../../../core/plugin';
import type { ResourcePermissions } from '../../../core/resource/define';

export function crudPermissions(resource: string): ResourcePermissions {
  const base = `customs:${resource}`;
  return { list: `${base}:list`, create: `${base}:add`, update: `${base}:edit`, delete: `${base}:remove`, export: `${base}:list`, import: `${base}:add` };
}

/** The role editor's entries for one screen; list comes with the menu. */
export function crudPermissionDefs(resource: string, menu: string): PermissionDef[] {
  const base = `customs:${resource}`;
  return [
    { code: `${base}:list`, titleKey: `customs:perm.${resource}.list`, menu, mandatory: true },
    { code: `${base}:add`, titleKey: `customs:perm.${resource}.add`, menu },
    { code: `${base}:edit`, titleKey: `customs:perm.${resource}.edit`, menu },
    { code: `${base}:remove`, titleKey: `customs:perm.${resource}.remove`, menu },
  ];
}

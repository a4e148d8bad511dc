// What every customs code table shares: its place under the customsBase menu, its title key and
// its permission codes customs:<resource>:list|add|edit|remove. Export goes with list and import
// with add, as on every code-table screen.
import { crudPermissions, type ResourceDef } from '@core/shared';

/**
 * The common head of a code table's declaration. With `key`, the table is keyed by that one
 * field: it is unique, names the row and sorts the list.
 */
export function codeTable(name: string, table: string, key?: string) {
  const base = `customs:${name}`;
  const head = {
    plugin: 'customs',
    name,
    table,
    titleKey: `${base}.title`,
    menu: `customsBase.${name}`,
    permissions: crudPermissions(base, { withImport: true }),
  } satisfies Partial<ResourceDef>;
  return key ? { ...head, unique: [[key]], labelField: key, defaultSort: { field: key, dir: 'asc' as const } } : head;
}

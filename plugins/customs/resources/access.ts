// Permission codes of the customs code tables: customs:<resource>:list|add|edit|remove.
// Export goes with list and import with add, as on every code-table screen.
import type { ResourcePermissions } from '@core/shared';

export function crudPermissions(resource: string): ResourcePermissions {
  const base = `customs:${resource}`;
  return { list: `${base}:list`, create: `${base}:add`, update: `${base}:edit`, delete: `${base}:remove`, export: `${base}:list`, import: `${base}:add` };
}

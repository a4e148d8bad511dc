// Permission codes of a system resource: system:<name>:list|add|edit|remove. Export goes with
// list and, where the screen imports, import with add.
import type { ResourcePermissions } from '@core/shared';

export function crudPermissions(name: string, { withImport = true } = {}): ResourcePermissions {
  const base = `system:${name}`;
  const crud = { list: `${base}:list`, create: `${base}:add`, update: `${base}:edit`, delete: `${base}:remove`, export: `${base}:list` };
  return withImport ? { ...crud, import: `${base}:add` } : crud;
}

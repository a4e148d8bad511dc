// POST /api/system/menu/save and /api/system/menu/remove: menu administration (system:menu:edit).
import crypto from 'node:crypto';
import { z } from 'zod';
import { ApiError, CODE, CUSTOM_MENU_PLUGIN, FieldError, api, forgetSessionUsers, ok, readJson, writeAudit, zodFieldErrors } from '@core/server';

export const action = api({ permission: 'system:menu:edit' }, async ({ request, params, t, knex, actor }) => {
  const body = await readJson(request);
  if (params.op === 'remove') {
    const row = await knex('sys_menu')
      .where({ key: String(body.key ?? '') })
      .first();
    if (!row || row.plugin !== CUSTOM_MENU_PLUGIN) throw new ApiError(t('system:menuAdmin.pluginEntry'));
    if (await knex('sys_menu').where({ parent_key: row.key }).first()) throw new ApiError(t('system:dept.hasChildren'));
    await knex.transaction(async (trx) => {
      await trx('sys_role_menu').where({ menu_key: row.key }).delete();
      await trx('sys_menu').where({ key: row.key }).delete();
      await writeAudit(trx, { resource: 'system.menu', recordId: row.key, action: 'delete', actor, before: row, after: null, summary: row.title_key });
    });
    // Signed-in users' menus change on every process.
    await forgetSessionUsers();
    return ok(null, t('core:resource.deleted'));
  }
  if (params.op !== 'save') throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  const schema = z.object({
    key: z.string().max(128).optional(),
    parentKey: z.string().max(128).optional(),
    title: z.string().trim().max(100).optional(),
    path: z.string().trim().max(255).optional(),
    icon: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z]*$/, t('core:resource.invalid', { field: t('system:menuAdmin.icon') }))
      .optional(),
    orderNum: z.number().int().min(0).max(99999).optional(),
    hidden: z.boolean().optional(),
    permission: z.string().trim().max(128).optional(),
  });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error));
  const d = parsed.data;
  const existing = d.key ? await knex('sys_menu').where({ key: d.key }).first() : null;
  if (d.key && !existing) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  const custom = !existing || existing.plugin === CUSTOM_MENU_PLUGIN;
  // Fields left out keep their current value (a partial update from an API client).
  if (existing) {
    d.parentKey ??= existing.parent_key ?? '';
    d.title ??= existing.title_key;
    d.path ??= existing.path;
    d.icon ??= existing.icon ?? '';
    d.orderNum ??= Number(existing.order_num);
    d.hidden ??= existing.hidden === true || existing.hidden === 1;
    d.permission ??= existing.permission ?? '';
  }
  d.parentKey ??= '';
  d.title ??= '';
  d.path ??= '';
  d.icon ??= '';
  d.orderNum ??= 0;
  d.hidden ??= false;
  d.permission ??= '';
  if (custom) {
    if (!d.title) throw new FieldError({ title: t('core:resource.required', { field: t('system:menuAdmin.title') }) });
    if (!/^\/[A-Za-z0-9_/-]*$/.test(d.path)) throw new FieldError({ path: t('core:resource.invalid', { field: t('system:menuAdmin.path') }) });
    if (!d.parentKey || !(await knex('sys_menu').where({ key: d.parentKey }).first())) throw new FieldError({ parentKey: t('core:resource.required', { field: t('system:menuAdmin.parent') }) });
    if (d.permission && !(await knex('sys_permission').where({ code: d.permission }).first()))
      throw new FieldError({ permission: t('core:resource.invalid', { field: t('system:menuAdmin.permission') }) });
  }
  const now = new Date();
  await knex.transaction(async (trx) => {
    if (!existing) {
      const key = `custom.${crypto.randomBytes(4).toString('hex')}`;
      const row = {
        key,
        parent_key: d.parentKey,
        path: d.path,
        title_key: d.title,
        icon: d.icon || null,
        permission: d.permission || null,
        hidden: d.hidden,
        order_num: d.orderNum,
        plugin: CUSTOM_MENU_PLUGIN,
        updated_at: now,
      };
      await trx('sys_menu').insert(row);
      await writeAudit(trx, { resource: 'system.menu', recordId: key, action: 'create', actor, before: null, after: row, summary: d.title });
    } else {
      const values: Record<string, unknown> = { icon: d.icon || null, hidden: d.hidden, order_num: d.orderNum, updated_at: now };
      if (custom) Object.assign(values, { parent_key: d.parentKey, path: d.path, title_key: d.title, permission: d.permission || null });
      await trx('sys_menu').where({ key: existing.key }).update(values);
      await writeAudit(trx, { resource: 'system.menu', recordId: existing.key, action: 'update', actor, before: existing, after: { ...existing, ...values }, summary: existing.title_key });
    }
  });
  await forgetSessionUsers();
  return ok(null, t('core:resource.updated'));
});

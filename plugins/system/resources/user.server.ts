// Server rules for users: unique usernames, argon2id password hashes, role links, nobody
// deletes or disables themselves, disabling signs the user out everywhere.
import { ApiError, FieldError, deptAndBelow, hashPassword, revokeSessions, serverResource, type Row } from '@core/server';
import { userDef } from './user';

export const userResource = serverResource(
  userDef,
  {
    async decorate(rows, knex) {
      if (!rows.length) return;
      const links: { user_id: number; role_id: number }[] = await knex('sys_user_role').whereIn(
        'user_id',
        rows.map((r) => Number(r.id)),
      );
      for (const r of rows) {
        r.roleIds = links.filter((l) => Number(l.user_id) === Number(r.id)).map((l) => String(l.role_id));
        r.userType = r.userType === null ? null : String(r.userType);
      }
    },
    async validate(input, { trx, t, actor }) {
      const roleIds = (input.roleIds as number[]) ?? [];
      const roles: { id: number; name: string }[] = await trx('sys_role').whereIn('id', roleIds).select('id', 'name');
      if (roles.length !== new Set(roleIds).size) throw new FieldError({ roleIds: t('core:resource.invalid', { field: t('system:user.roles') }) });
      if (input.deptId && !(await trx('sys_dept').where({ id: input.deptId }).first())) {
        throw new FieldError({ deptId: t('core:resource.invalid', { field: t('system:user.dept') }) });
      }
      if (!actor.user.isAdmin) {
        // Only an administrator hands out the administrator role; anyone else may only give
        // roles whose menus, permissions and data scope they hold themselves.
        if (roles.some((r) => r.name === '管理员')) throw new ApiError(t('core:http.forbidden'), 403, 403);
        const ids = roles.map((r) => r.id);
        const perms: { permission_code: string }[] = ids.length ? await trx('sys_role_permission').whereIn('role_id', ids).select('permission_code') : [];
        const menus: { menu_key: string }[] = ids.length ? await trx('sys_role_menu').whereIn('role_id', ids).select('menu_key') : [];
        const scopes: { data_scope: string }[] = ids.length ? await trx('sys_role').whereIn('id', ids).select('data_scope') : [];
        const rank = { self: 0, dept: 1, all: 2 } as Record<string, number>;
        const wider = scopes.some((s) => (rank[s.data_scope] ?? 0) > (rank[actor.user.dataScope] ?? 0));
        if (wider || perms.some((p) => !actor.user.permissionList.includes(p.permission_code)) || menus.some((m) => !actor.user.menuList.includes(m.menu_key))) {
          throw new ApiError(t('system:role.beyondOwn'), 403, 403);
        }
        // A user is placed only in a department the actor's data scope reaches.
        if (actor.user.dataScope !== 'all') {
          const reach = actor.user.dataScope === 'dept' && actor.user.deptId ? await deptAndBelow(trx, actor.user.deptId) : [];
          if (!input.deptId || !reach.includes(Number(input.deptId))) throw new FieldError({ deptId: t('core:resource.invalid', { field: t('system:user.dept') }) });
        }
      }
    },
    async toDb(input, { op }, defaults) {
      const out: Row = { ...defaults, user_type: Number(input.userType) };
      if (op === 'create') out.status = '0';
      if (input.password) {
        out.password_hash = await hashPassword(String(input.password));
        out.password_changed_at = new Date();
      }
      return out;
    },
    async afterWrite(id, input, { trx, op }) {
      await trx('sys_user_role').where({ user_id: id }).delete();
      const roleIds = [...new Set((input.roleIds as number[]) ?? [])];
      if (roleIds.length) await trx('sys_user_role').insert(roleIds.map((role_id) => ({ user_id: id, role_id })));
      // A new password signs the user out of every device.
      if (op === 'update' && input.password) await revokeSessions(trx, { userIds: [id] });
    },
    async beforeDelete(rows, { trx, actor, t }) {
      if (rows.some((r) => Number(r.id) === actor.user.id)) throw new ApiError(t('system:user.notSelf'));
      await revokeSessions(trx, { userIds: rows.map((r) => Number(r.id)) });
    },
    async afterTransition(rows, name, { trx, actor, t }) {
      if (name !== 'disable') return;
      if (rows.some((r) => Number(r.id) === actor.user.id)) throw new ApiError(t('system:user.notSelf'));
      await revokeSessions(trx, { userIds: rows.map((r) => Number(r.id)) });
    },
  },
  { dept: 'dept_id', owner: 'id' },
);

// POST /api/system/apiToken/issue { name, roleId, expiresAt }: creates a partner token and
// returns it once. Only holders of system:apiToken:add; a non-administrator cannot issue
// a token for the administrator role.
import { ADMIN_ROLE_NAME, ApiError, FieldError, api, createApiToken, ok, readJson, writeAudit, zodFieldErrors } from '@core/server';
import { apiTokenDef } from '../resources/apiToken';

export const action = api({ permission: 'system:apiToken:add' }, async ({ request, user, t, knex, actor }) => {
  const parsed = apiTokenDef.schema(t, 'create').safeParse(await readJson(request));
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error));
  const { name, roleId, expiresAt } = parsed.data as {
    name: string;
    roleId: number;
    expiresAt: string | null;
  };
  const role = await knex('sys_role').where({ id: roleId }).first();
  if (!role)
    throw new FieldError({
      roleId: t('core:resource.invalid', {
        field: t('system:apiToken.role'),
      }),
    });
  if (role.name === ADMIN_ROLE_NAME && !user.isAdmin) throw new ApiError(t('core:http.forbidden'), 403, 403);
  const { id, token } = await createApiToken(knex, {
    name,
    roleId,
    createdBy: user.id,
    expiresAt: expiresAt ? new Date(`${expiresAt}T23:59:59Z`) : null,
  });
  await writeAudit(knex, {
    resource: 'system.apiToken',
    recordId: id,
    action: 'create',
    actor,
    before: null,
    after: { name, roleId, expiresAt },
    summary: name,
  });
  return ok({ id, token }, t('core:resource.created'));
});

// POST /api/system/apiToken/issue { name, roleId, expiresAt }: creates a partner token and
// returns it once. Only holders of system:apiToken:add; a non-administrator cannot issue
// a token for the administrator role.
import type { ActionFunctionArgs } from '@remix-run/node';
import { createApiToken } from '@core/auth/token.server';
import { requireUser } from '@core/auth/guard.server';
import { clientIp } from '@core/auth/session.server';
import { getKnex } from '@core/db/knex.server';
import { ApiError, FieldError, handleApi, ok, readJson } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { writeAudit } from '@core/resource/audit.server';
import { zodFieldErrors } from '@core/resource/service.server';
import { ADMIN_ROLE_NAME } from '@core/seed-demo.server';
import { apiTokenDef } from '../resources/apiToken';

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request, { permission: 'system:apiToken:add' });
    const t = await getT(request);
    const parsed = apiTokenDef.schema(t, 'create').safeParse(await readJson(request));
    if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error));
    const { name, roleId, expiresAt } = parsed.data as { name: string; roleId: number; expiresAt: string | null };
    const knex = getKnex();
    const role = await knex('sys_role').where({ id: roleId }).first();
    if (!role) throw new FieldError({ roleId: t('core:resource.invalid', { field: t('system:apiToken.role') }) });
    if (role.name === ADMIN_ROLE_NAME && !user.isAdmin) throw new ApiError(t('core:http.forbidden'), 403, 403);
    const { id, token } = await createApiToken(knex, { name, roleId, createdBy: user.id, expiresAt: expiresAt ? new Date(`${expiresAt}T23:59:59Z`) : null });
    await writeAudit(knex, { resource: 'system.apiToken', recordId: id, action: 'create', actor: { user, ip: clientIp(request) }, before: null, after: { name, roleId, expiresAt }, summary: name });
    return ok({ id, token }, t('core:resource.created'));
  });

// POST /api/portal/messageAssign { ids, assigneeId } (portal:message:assign): hands messages
// that are not closed to a staff user (an enabled operator or administrator), audited.
import { api, ok, readJson } from '@core/server';
import { MESSAGE_PERMISSIONS } from '../message';
import { assignMessages } from '../message.server';

export const action = api({ permission: MESSAGE_PERMISSIONS.assign }, async ({ request, knex, actor, t }) => {
  const body = await readJson(request);
  const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
  const count = await assignMessages(knex, actor, ids, Number(body.assigneeId), t);
  return ok({ count }, t('portal:messages.msg.assigned'));
});

// POST /api/portal/embedToken { trader: "<username>" }: a partner's server (its API token) or
// an administrator exchanges the right to issue (portal:embed:issue) for a short-lived,
// read-only token scoped to one trader's settlement states, which a widget in a visitor's
// browser then uses. Every issue is audited: who, for which trader, until when.
import { FieldError, api, ok, readJson, writeAudit } from '@core/server';
import { EMBED_PERMISSION, SETTLEMENT_SCOPE, TRADER_USER_TYPE } from '../embed';
import { issueEmbedToken } from '../token.server';

export const action = api({ permission: EMBED_PERMISSION }, async ({ request, knex, t, actor }) => {
  const body = await readJson(request);
  const username = typeof body.trader === 'string' ? body.trader.trim() : '';
  if (!username) throw new FieldError({ trader: t('portal:embed.msg.traderRequired') });
  const trader = await knex('sys_user').where({ username }).first('id', 'username', 'user_type', 'status');
  if (!trader || Number(trader.user_type) !== TRADER_USER_TYPE || trader.status !== '0') throw new FieldError({ trader: t('portal:embed.msg.notTrader', { username }) });
  const { token, expiresAt } = issueEmbedToken({ id: Number(trader.id), username: trader.username });
  await writeAudit(knex, {
    resource: 'portal.embedToken',
    recordId: Number(trader.id),
    action: 'issue',
    actor,
    before: null,
    after: { trader: trader.username, scope: SETTLEMENT_SCOPE, expiresAt: expiresAt.toISOString() },
    summary: trader.username,
  });
  return ok({ token, expiresAt: expiresAt.toISOString(), scope: SETTLEMENT_SCOPE });
});

// GET /api/portal/public/settlement?page&pageSize&lang with `Authorization: Embed <token>`: the
// bills of the one trader the embed token names, a page at a time, with their settlement
// states in the asked language, read from finance through its `finance.partyBills` service.
// No session and no API token is accepted here: only an embed token, whose trader decides.
import { ApiError, CODE, api, getLang, ok, tFor } from '@core/server';
import { PARTY_BILLS, type PartyBills, type SessionUser } from '@core/shared';
import { TRADER_USER_TYPE } from '../embed';
import { embedTokenOf, verifyEmbedToken } from '../token.server';

const LANGS = ['zh', 'en', 'my'] as const;
type Lang = (typeof LANGS)[number];
const MAX_PAGE_SIZE = 50;

const int = (v: string | null, fallback: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** The contract's `lang` parameter, else the app's own choice (?lng=, cookie, zh). */
async function langOf(request: Request): Promise<Lang> {
  const asked = new URL(request.url).searchParams.get('lang');
  return (LANGS as readonly string[]).includes(asked ?? '') ? (asked as Lang) : getLang(request);
}

/**
 * The guard: the trader an embed token names, as a user holding no menu and no permission (so
 * nothing but this call's own reading is open to it). A missing, altered or expired token:
 * 20011, translated. No database read: the signature and the expiry decide.
 */
async function embedTrader(request: Request): Promise<SessionUser> {
  const t = tFor(await langOf(request));
  const token = embedTokenOf(request);
  if (!token) throw new ApiError(t('portal:embed.msg.tokenMissing'), CODE.NOT_LOGGED_IN, 401);
  const verified = verifyEmbedToken(token);
  if ('refused' in verified) throw new ApiError(t(`portal:embed.msg.token_${verified.refused}`), CODE.NOT_LOGGED_IN, 401);
  const { sub, usr } = verified.claims;
  return {
    id: sub,
    username: usr,
    nickname: usr,
    mobile: null,
    email: null,
    userType: TRADER_USER_TYPE,
    portArea: null,
    companyId: null,
    companyName: null,
    userStatus: '0',
    roles: [],
    isAdmin: false,
    deptId: null,
    dataScope: 'self',
    menuList: [],
    permissionList: [],
  };
}

export const loader = api(embedTrader, async ({ request, knex, services, user }) => {
  const t = tFor(await langOf(request));
  // The trader may have been disabled (or stopped being a trader) since the token was issued.
  const trader = await knex('sys_user').where({ id: user.id }).first('nickname', 'company_name', 'user_type', 'status');
  if (!trader || Number(trader.user_type) !== TRADER_USER_TYPE || trader.status !== '0') throw new ApiError(t('portal:embed.msg.token_invalid'), CODE.NOT_LOGGED_IN, 401);
  if (!services.hasService(PARTY_BILLS)) throw new ApiError(t('portal:embed.msg.noFinance'), CODE.ERROR, 400);
  const url = new URL(request.url);
  const page = int(url.searchParams.get('page'), 1, 100_000);
  const pageSize = int(url.searchParams.get('pageSize'), 10, MAX_PAGE_SIZE);
  const { rows, total } = await services.service<PartyBills>(PARTY_BILLS).page(knex, user.id, { page, pageSize }, t);
  return ok({ trader: { name: String(trader.company_name || trader.nickname) }, rows, total, page, pageSize });
});

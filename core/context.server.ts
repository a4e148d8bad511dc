// What a plugin's loader, action or API call is handed: the request, the signed-in user (checked
// against the screen's menu or the call's permission first), the database, the user's language
// and the services plugins registered. Plugin code receives these instead of reaching for
// getKnex()/getRegistry(), so a test or another app can hand it others.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import type { TFunction } from 'i18next';
import type { Knex } from 'knex';
import { DEFAULT_LANG, isLang, type Lang } from './i18n/i18n';
import type { PluginContext } from './plugin';
import type { SessionUser } from './rbac/menu';
import type { Actor, ServerResource } from './resource/define.server';
import { clientIp } from './auth/session.server';
import { requireUser, type Requirement } from './auth/guard.server';
import { getKnex } from './db/knex.server';
import { CODE, fail, handleApi } from './http/envelope.server';
import { getLang, tFor } from './i18n/i18n.server';
import { getRegistry, type Services } from './registry.server';

export interface RequestContext extends PluginContext {
  request: Request;
  params: Params;
  user: SessionUser;
  t: TFunction;
  lang: Lang;
  /** Who writes, for the audit log: the user and the client's address. */
  actor: Actor;
  /** A resource of any plugin by `plugin.name` (another area's documents, say). */
  resource(key: string): ServerResource | undefined;
  /** Services other plugins registered (ask `hasService` first: the plugin may be absent). */
  services: Services;
}

/** Who may call: a menu key and/or permission code, or a guard of the plugin's own that answers the user (or throws). */
export type Need = Requirement | ((request: Request) => Promise<SessionUser>);

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The context of a request, once the caller has passed `need`. */
export async function requestContext({ request, params }: Pick<Args, 'request' | 'params'>, need: Need = {}, knex: Knex = getKnex()): Promise<RequestContext> {
  const user = typeof need === 'function' ? await need(request) : await requireUser(request, need);
  const lang = await getLang(request);
  const registry = getRegistry();
  return {
    ...registry.context(knex),
    request,
    params,
    user,
    lang,
    t: tFor(lang),
    actor: { user, ip: clientIp(request) },
    resource: (key) => registry.resources.get(key),
    services: registry,
  };
}

/** A page's loader or action: the guard (login page, 403), then `fn`. */
export function page<T>(need: Need, fn: (ctx: RequestContext) => Promise<T>): (args: Args) => Promise<T> {
  return async (args) => fn(await requestContext(args, need));
}

/** An API call answering in the envelope: the guard (20011, 403) and errors as the envelope says, then `fn`. */
export function api(need: Need, fn: (ctx: RequestContext) => Promise<Response>): (args: Args) => Promise<Response> {
  return (args) => handleApi(async () => fn(await requestContext(args, need)));
}

/** What an unauthenticated call of the public API is handed: no user; the language of its `lang` parameter (zh by default). */
export interface PublicContext extends PluginContext {
  request: Request;
  params: Params;
  lang: Lang;
  t: TFunction;
  services: Services;
}

/** A public (unauthenticated, `x-access: public`) API call in the envelope: `?lang=zh|en|my` picks the language, errors as the envelope says. */
export function publicApi(fn: (ctx: PublicContext) => Promise<Response>): (args: Args) => Promise<Response> {
  return ({ request, params }) =>
    handleApi(async () => {
      const asked = new URL(request.url).searchParams.get('lang');
      const lang: Lang = isLang(asked) ? asked : DEFAULT_LANG;
      const registry = getRegistry();
      return fn({ ...registry.context(getKnex()), request, params, lang, t: tFor(lang), services: registry });
    });
}

/** The envelope's answer to an API path nobody serves (signed in or not). */
export async function apiNotFound(request: Request): Promise<Response> {
  return fail(tFor(await getLang(request))('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
}

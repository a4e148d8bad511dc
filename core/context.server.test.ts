// The context a plugin's loader, action or API call is handed: the guard first (login page or
// 20011, 403), then the signed-in user, the database, the user's language and the services.
import { describe, expect, it } from 'vitest';
import { envelope, location, req, run } from '../tests/support/http';
import { setUpTestDb } from '../tests/support/suite';
import { api, page } from './context.server';
import { ok } from './http/envelope.server';
import { ENTERPRISE_DIRECTORY } from './plugin';

const db = setUpTestDb({ logins: ['admin', 'trader'] });
const { cookies } = db;

const count = page({ menu: 'management.user' }, async (ctx) => ({
  user: ctx.user.username,
  users: Number(((await ctx.knex('sys_user').count({ n: '*' }).first()) as { n: number }).n),
  title: ctx.t('core:http.forbidden'),
  lang: ctx.lang,
  id: ctx.params.id,
}));

const whoami = api({ permission: 'system:user:list' }, async (ctx) => ok({ user: ctx.user.username, directory: typeof ctx.service(ENTERPRISE_DIRECTORY) }));

describe('page()', () => {
  it('hands the guarded user, the database, the language and the route params to the loader', async () => {
    const { data } = await run(count, req('/management/user?lng=en', { cookie: cookies.admin }), { id: '7' });
    const n = Number(((await db.knex('sys_user').count({ n: '*' }).first()) as { n: number }).n);
    expect(data).toEqual({ user: 'admin', users: n, title: expect.any(String), lang: 'en', id: '7' });
  });

  it('sends a visitor without a session to the login page, and a user without the menu gets 403', async () => {
    const { res } = await run(count, req('/management/user'));
    expect(location(res!)).toBe('/login');
    const denied = await run(count, req('/management/user', { cookie: cookies.trader }));
    expect(denied.res!.status).toBe(403);
  });
});

describe('api()', () => {
  it('answers in the envelope: 20011 without a session, 403 without the permission, the services with it', async () => {
    expect((await envelope((await run(whoami, req('/api/x'))).res!)).code).toBe(20011);
    expect((await envelope((await run(whoami, req('/api/x', { cookie: cookies.trader }))).res!)).code).toBe(403);
    const body = await envelope((await run(whoami, req('/api/x', { cookie: cookies.admin }))).res!);
    expect(body.data).toEqual({ user: 'admin', directory: 'object' });
  });
});

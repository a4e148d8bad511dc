// The plugin contract end to end with the example partner plugin: what it declares reaches
// the registry and the database, its seed grants the operator, its badge is role-limited,
// and dropping it from the plugin list removes its rows and grants again.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import system from '../../plugins/system/index';
import { setUpTestDb } from '../../tests/support/suite';
import { badgesFor } from '../../core/badges.server';
import { statsFor } from '../../core/stats/stats.server';
import { createRegistry, setRegistry } from '../../core/registry.server';
import { syncRegistryData } from '../../core/rbac/sync.server';
import { filterMenuTree, loadMenuTree, sidebarTree } from '../../core/rbac/access.server';
import { req, run } from '../../tests/support/http';
import { loginAs } from '../../tests/support/session';
import { resourceApi, sessionUser } from '../../tests/support/resource';
import partnerExample from './index';
import { loader as helloLoader } from './routes/hello';

const db = setUpTestDb({ plugins: [system, partnerExample] });

const demo = (username: string) => sessionUser(db.knex, username);

const roleId = async (code: string) => (await db.knex('sys_role').where({ code }).first()).id as number;

describe('with the partner plugin listed', () => {
  it('the registry has its menu, permission, job, badge and stat', () => {
    const r = db.registry;
    const group = r.menus.find((m) => m.key === 'partner');
    // The leaves and their permissions are derived from the screens' resources.
    expect(group?.children?.map((c) => c.key)).toEqual(['partner.hello', 'partner.card']);
    expect(r.permissions.find((p) => p.code === 'partner:hello:view')).toMatchObject({ menu: 'partner.hello', mandatory: true });
    expect(r.permissions.find((p) => p.code === 'partner:card:send')).toMatchObject({ menu: 'partner.card', titleKey: 'partner:card.send' });
    expect([...r.resources.keys()].filter((k) => k.startsWith('partner.'))).toEqual(['partner.greeting', 'partner.card']);
    expect(r.jobs.map((j) => j.name)).toContain('partner.count');
    expect(r.badges.map((b) => b.key)).toContain('partner.greetings');
    expect(r.stats.map((s) => s.key)).toContain('partner.greetings');
  });

  it('the database has its sys_menu, sys_permission and sys_job rows, owned by the plugin', async () => {
    const menus = await db.knex('sys_menu').where({ plugin: 'partner' }).orderBy('key');
    expect(menus.map((m: { key: string; parent_key: string | null; path: string }) => [m.key, m.parent_key, m.path])).toEqual([
      ['partner', null, '/partner'],
      ['partner.card', 'partner', '/partner/card'],
      ['partner.hello', 'partner', '/partner/hello'],
    ]);
    expect((await db.knex('sys_permission').where({ plugin: 'partner' }).pluck('code')).sort()).toEqual(
      ['partner:card:add', 'partner:card:edit', 'partner:card:list', 'partner:card:remove', 'partner:card:send', 'partner:hello:add', 'partner:hello:edit', 'partner:hello:remove', 'partner:hello:view'],
    );
    expect(await db.knex('sys_job').where({ plugin: 'partner' }).pluck('name')).toEqual(['partner.count']);
    expect(await db.knex('partner_greeting').count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });

  it('its declared grants give the operator (PTGL) the partner menus and permissions', async () => {
    const op = await demo('operator');
    expect(op.menuList).toEqual(expect.arrayContaining(['partner', 'partner.hello', 'partner.card']));
    expect(op.permissionList).toEqual(expect.arrayContaining(['partner:hello:view', 'partner:card:add', 'partner:card:send']));
    expect(op.permissionList).not.toContain('partner:card:remove');
    const side = sidebarTree(filterMenuTree(await loadMenuTree(db.knex), op));
    expect(side.map((g) => g.key)).toEqual(['partner', 'management']);
    expect(side[0].children.map((c) => c.key)).toEqual(['partner.hello', 'partner.card']);
  });

  it('the trader gets neither the partner menu nor its screen', async () => {
    const trader = await demo('trader');
    expect(filterMenuTree(await loadMenuTree(db.knex), trader)).toEqual([]);
    const { res } = await run(helloLoader, req('/partner/hello', { cookie: await loginAs('trader') }));
    expect(res?.status).toBe(403);
  });

  it('the operator opens the partner screen and sees the seeded greetings', async () => {
    const { res, data } = await run(helloLoader, req('/partner/hello', { cookie: await loginAs('operator') }));
    expect(res).toBeNull();
    expect((data as { result: { rows: { text: string }[] } }).result.rows.map((r) => r.text)).toEqual(['Mingalaba', '你好']);
  });

  it('a greeting card is saved with its messages as one document, checked line by line, and sent', async () => {
    // The REST API serves the registry the app installed: this one, with the partner plugin.
    const previous = setRegistry(db.registry);
    onTestFinished(() => void setRegistry(previous));
    const op = resourceApi('partner', 'card', { cookie: await loginAs('operator') });
    const lines = async (id: unknown) => db.knex('partner_card_line').where({ card_id: id }).orderBy('line_no').select('line_no', 'lang', 'text');
    // A bad second message saves nothing and is reported on its line and field.
    const bad = await op.create({ title: '新年', recipient: 'U Aung', messages: [{ lang: 'my', text: 'မင်္ဂလာပါ' }, { lang: 'zh', text: '' }] });
    expect(bad.body.code, JSON.stringify(bad.body)).not.toBe(200);
    expect(bad.fieldErrors).toHaveProperty(['messages.1.text']);
    expect(await db.knex('partner_card').where({ title: '新年' }).first()).toBeUndefined();
    const made = await op.create({ title: '新年', recipient: 'U Aung', messages: [{ lang: 'my', text: 'မင်္ဂလာပါ' }, { lang: 'zh', text: '新年快乐' }] });
    expect(made.body.code, made.body.msg).toBe(200);
    const card = made.body.data!;
    expect(card).toMatchObject({ status: 'draft', messages: [{ lang: 'my', text: 'မင်္ဂလာပါ' }, { lang: 'zh', text: '新年快乐' }] });
    // Editing replaces the lines in the same transaction; a stale version changes nothing.
    const edited = await op.update(Number(card.id), { title: '新年', recipient: 'U Aung', messages: [{ lang: 'en', text: 'Happy new year' }], version: card.version });
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect(await lines(card.id)).toEqual([{ line_no: 1, lang: 'en', text: 'Happy new year' }]);
    const stale = await op.update(Number(card.id), { title: '旧', recipient: 'U Aung', messages: [{ lang: 'zh', text: '旧' }], version: card.version });
    expect(stale.res.status).toBe(409);
    expect(await lines(card.id)).toEqual([{ line_no: 1, lang: 'en', text: 'Happy new year' }]);
    // Sent, it can no longer be edited; the operator may not delete cards at all.
    expect((await op.transition('send', [Number(card.id)])).body.data![0]).toMatchObject({ status: 'sent' });
    const late = await op.update(Number(card.id), { title: '新年', recipient: 'U Aung', messages: [{ lang: 'zh', text: '晚了' }], version: Number(card.version) + 1 });
    expect(late.body.msg).toBe('只有草稿状态的贺卡才能操作');
    expect((await op.remove(Number(card.id))).body.code).toBe(403);
  });

  it('the badge is role-limited: the operator (PTGL) gets it with its count, the trader does not', async () => {
    const opBadges = await badgesFor(db.registry, await demo('operator'));
    expect(opBadges.find((b) => b.key === 'partner.greetings')).toEqual({
      key: 'partner.greetings',
      titleKey: 'partner:badge',
      icon: 'Notifications',
      count: 2,
      href: '/partner/hello',
    });
    expect((await badgesFor(db.registry, await demo('trader'))).map((b) => b.key)).not.toContain('partner.greetings');
    expect((await badgesFor(db.registry, await demo('admin'))).map((b) => b.key)).toContain('partner.greetings');
  });

  it('the stat needs partner:hello:view: the operator gets it, the trader does not', async () => {
    const op = await statsFor(db.registry, await demo('operator'));
    expect(op.find((s) => s.key === 'partner.greetings')?.value).toEqual({ kind: 'card', value: 2 });
    expect((await statsFor(db.registry, await demo('trader'))).map((s) => s.key)).not.toContain('partner.greetings');
  });

  it('the job runs against its own table', async () => {
    const job = db.registry.jobs.find((j) => j.name === 'partner.count')!;
    const out = await job.process({ ...db.registry.context(db.knex), logId: 0, data: {}, log: () => undefined });
    expect(out).toMatch(/^greetings: 2, cards: \d+$/);
  });

  it('running the seeds again grants nothing twice', async () => {
    const before = await db.knex('sys_role_menu').where({ role_id: await roleId('PTGL') }).count({ n: '*' }).first();
    for (const s of partnerExample.seeds!) await s.run(db.knex, { demoPassword: 'x', hashPassword: async (p) => p, registry: db.registry });
    const after = await db.knex('sys_role_menu').where({ role_id: await roleId('PTGL') }).count({ n: '*' }).first();
    expect(Number(after!.n)).toBe(Number(before!.n));
    expect(await db.knex('partner_greeting').count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });
});

describe('after the partner plugin is dropped from the list', () => {
  beforeAll(async () => {
    // an administrator also granted the partner screen to another role by hand
    await db.knex('sys_role_menu').insert({ role_id: await roleId('WLFZ'), menu_key: 'partner.hello' });
    await db.knex('sys_role_permission').insert({ role_id: await roleId('WLFZ'), permission_code: 'partner:hello:view' });
    await syncRegistryData(db.knex, createRegistry([system]));
  });

  it('its sys_menu rows are gone, the others stay', async () => {
    expect(await db.knex('sys_menu').whereIn('key', ['partner', 'partner.hello']).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await db.knex('sys_menu').where({ plugin: 'partner' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    // exactly what core + system declare remains (system's menu tree grows: derive it from the registry)
    const walk = (nodes: { key: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.key, ...walk((n.children ?? []) as { key: string; children?: unknown[] }[])]);
    const expected = walk(createRegistry([system]).menus).sort();
    expect((await db.knex('sys_menu').pluck('key')).sort()).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(['management', 'management.systemMaintenance', 'management.job', 'management.jobLog', 'management.log']));
  });

  it('its sys_permission rows are gone', async () => {
    expect(await db.knex('sys_permission').where({ code: 'partner:hello:view' }).first()).toBeUndefined();
    expect(await db.knex('sys_permission').where({ code: 'system:log:list' }).first()).toBeDefined();
  });

  it('every role grant of its menus and permissions is gone, other grants stay', async () => {
    expect(await db.knex('sys_role_menu').whereIn('menu_key', ['partner', 'partner.hello']).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await db.knex('sys_role_permission').where({ permission_code: 'partner:hello:view' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const op = await demo('operator');
    expect(op.menuList).toEqual(['management', 'management.job', 'management.jobLog', 'management.log']);
    expect(op.permissionList).toEqual(['shipShow:remind', 'system:job:list', 'system:log:list']);
  });

  it('its sys_job row is gone, core and system jobs stay', async () => {
    const names = (await db.knex('sys_job').pluck('name')).sort();
    expect(names).toEqual(createRegistry([system]).jobs.map((j) => j.name).sort());
    expect(names).toContain('core.sessionCleanup');
    expect(names).not.toContain('partner.count');
  });

  it('the operator no longer sees the partner group', async () => {
    const side = sidebarTree(filterMenuTree(await loadMenuTree(db.knex), await demo('operator')));
    expect(side.map((g) => g.key)).toEqual(['management']);
  });
});

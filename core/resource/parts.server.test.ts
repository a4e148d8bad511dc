// The list screen's server parts on a scratch resource (a bill with a state machine, two sides,
// amounts and weights, rows owned by their creator): the record's audit trail and who may read
// it, rows per state under filters, exact totals (MariaDB and SQLite), variants enforced on
// every operation, read-only resources, and their OpenAPI description.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import system from '../../plugins/system';
import { setUpTestDb } from '../../tests/support/suite';
import { envelope, req, respond } from '../../tests/support/http';
import { resourceApi, sessionUser, signedInUser } from '../../tests/support/resource';
import { loader as trailLoader } from '../../app/routes/api.$plugin.$resource.$id.trail';
import { loader as countsLoader } from '../../app/routes/api.$plugin.$resource.counts';
import { loader as summaryLoader } from '../../app/routes/api.$plugin.$resource.summary';
import { action as transitionAction } from '../../app/routes/api.$plugin.$resource.transition.$transition';
import { auditColumns } from '../db/core-migrations';
import { tFor } from '../i18n/i18n.server';
import { definePlugin } from '../plugin';
import type { SessionUser } from '../rbac/menu';
import { abilities } from './api.server';
import { stateCounts, withStateTab } from './counts.server';
import { defineResource, type ResourceDef } from './define';
import { serverResource } from './define.server';
import { openApiDocument } from './openapi.server';
import { parseListQuery } from './service.server';
import { columnSums } from './summary.server';
import { effectiveResource } from './variant.server';

const TABLE = 'pt_bill';
const P = (s: string) => `parttest:bill:${s}`;
const states = ['draft', 'submitted', 'approved', 'rejected'].map((value) => ({ value, labelKey: `parttest:state.${value}` }));

function billDef(name: string, extra: Partial<ResourceDef> = {}): ResourceDef {
  return defineResource({
    plugin: 'parttest',
    name,
    table: TABLE,
    titleKey: 'parttest:title',
    menu: 'parttest',
    labelField: 'code',
    fields: [
      { name: 'code', labelKey: 'parttest:f.code', type: 'string', filter: 'contains' },
      { name: 'side', labelKey: 'parttest:f.side', type: 'enum', filter: 'eq', options: ['payer', 'payee'].map((value) => ({ value, labelKey: `parttest:side.${value}` })) },
      { name: 'status', labelKey: 'parttest:f.status', type: 'enum', filter: 'eq', options: states, form: false },
      { name: 'amount', labelKey: 'parttest:f.amount', type: 'money', summary: 'sum' },
      { name: 'weight', labelKey: 'parttest:f.weight', type: 'number', scale: 3, summary: 'sum' },
    ],
    schema: () => z.object({ code: z.string().min(1), side: z.enum(['payer', 'payee']), amount: z.string(), weight: z.string() }),
    permissions: { list: P('list'), create: P('create'), update: P('update'), delete: P('delete') },
    stateMachine: {
      field: 'status',
      states,
      transitions: [
        { name: 'submit', labelKey: 'parttest:tr.submit', from: ['draft'], to: 'submitted', permission: P('submit'), refusedKey: 'parttest:tr.refused' },
        {
          name: 'approve',
          labelKey: 'parttest:tr.approve',
          from: ['submitted'],
          to: 'approved',
          permission: P('approve'),
          refusedKey: 'parttest:tr.refused',
          // The opinion's column is not a field: the trail still shows it.
          note: { field: 'opinion', column: 'review_note', labelKey: 'parttest:tr.opinion', required: true, maxLength: 200 },
        },
      ],
    },
    stateTabs: true,
    detail: true,
    variants: { payer: { filter: { side: 'payer' }, actions: ['approve', 'update'] } },
    ...extra,
  });
}

const bills = billDef('bill');
const logs = billDef('billLog', { readOnly: true, variants: undefined });
const owned = { owner: 'owner_id' };
const stamp = (_input: unknown, ctx: { op: string; actor: { user: SessionUser } }, defaults: Record<string, unknown>) => (ctx.op === 'create' ? { ...defaults, owner_id: ctx.actor.user.id, status: 'draft' } : defaults);
const billResource = serverResource(bills, { toDb: stamp }, owned);
const logResource = serverResource(logs, {}, owned);

const text = (l: 'zh' | 'en' | 'my') => ({
  title: { zh: '测试账单', en: 'Test bills', my: 'စမ်းသပ် ငွေတောင်းခံလွှာ' }[l],
  perm: 'perm',
  f: { code: 'code', side: 'side', status: 'status', amount: 'amount', weight: 'weight' },
  side: { payer: 'payer', payee: 'payee' },
  state: { draft: 'draft', submitted: 'submitted', approved: 'approved', rejected: 'rejected' },
  tr: { submit: 'submit', approve: 'approve', opinion: 'opinion', refused: 'refused' },
});

const testPlugin = definePlugin({
  id: 'parttest',
  root: 'core/resource',
  permissions: ['list', 'create', 'update', 'delete', 'submit', 'approve'].map((a) => ({ code: P(a), titleKey: 'parttest:perm' })),
  migrations: [
    {
      name: '001_bills',
      async up(knex) {
        await knex.schema.createTable(TABLE, (t) => {
          t.increments('id');
          t.string('code', 20).notNullable();
          t.string('side', 8).notNullable();
          t.string('status', 16).notNullable();
          t.decimal('amount', 14, 2).notNullable();
          t.decimal('weight', 12, 3).notNullable();
          t.integer('owner_id').nullable();
          t.string('review_note', 200).nullable();
          auditColumns(t);
        });
      },
    },
  ],
  resources: [billResource, logResource],
  locales: { zh: text('zh'), en: text('en'), my: text('my') },
});

const db = setUpTestDb({ plugins: [system, testPlugin], registry: true, logins: ['admin'] });
const { cookies } = db;
let admin: SessionUser;
let clerkCookie: string;
let clerk: SessionUser;
const t = tFor('zh');

async function insert(rows: { code: string; side: string; status: string; amount: string; weight: string; owner?: number }[]) {
  const now = new Date();
  await db.knex(TABLE).insert(rows.map((r) => ({ code: r.code, side: r.side, status: r.status, amount: r.amount, weight: r.weight, owner_id: r.owner ?? admin.id, version: 1, created_at: now, updated_at: now })));
}

const get = async (fn: typeof trailLoader, path: string, params: Record<string, string>, cookie: string) => envelope(await respond(fn, req(path, { cookie }), { plugin: 'parttest', ...params }));

beforeAll(async () => {
  admin = await sessionUser(db.knex, 'admin');
  // A clerk sees only the bills they created (data scope self) and may approve.
  const u = await signedInUser(db.knex, { dataScope: 'self', permissions: [P('list'), P('create'), P('update'), P('submit'), P('approve')] });
  clerkCookie = u.cookie;
  clerk = await sessionUser(db.knex, u.username);
});

describe('the audit trail', () => {
  it('lists create and each transition with who, the state moved and the opinion', async () => {
    const api = resourceApi('parttest', 'bill', { cookie: clerkCookie });
    const created = await api.create({ code: 'TR-1', side: 'payer', amount: '10.00', weight: '1.000' });
    expect(created.status).toBe(200);
    const id = Number(created.body.data!.id);
    expect((await api.transition('submit', [id])).status).toBe(200);
    expect((await api.transition('approve', [id], '同意，金额无误')).status).toBe(200);
    const res = await get(trailLoader, `/api/parttest/bill/${id}/trail`, { resource: 'bill', id: String(id) }, clerkCookie);
    expect(res.code).toBe(200);
    const { row, entries } = res.data as { row: { status: string }; entries: { action: string; transition: string | null; from: string | null; to: string | null; username: string; note: string | null }[] };
    expect(row.status).toBe('approved');
    expect(entries.map((e) => [e.action, e.from, e.to])).toEqual([
      ['create', null, 'draft'],
      ['transition:submit', 'draft', 'submitted'],
      ['transition:approve', 'submitted', 'approved'],
    ]);
    expect(entries.every((e) => e.username === clerk.username)).toBe(true);
    expect(entries[2]).toMatchObject({ transition: 'approve', note: '同意，金额无误' });
    expect(entries[1].note).toBeNull();
  });

  it("answers 404 for a row out of the user's scope, as a GET of it does", async () => {
    await insert([{ code: 'ADMIN-1', side: 'payer', status: 'draft', amount: '1.00', weight: '0.500' }]);
    const id = Number((await db.knex(TABLE).where({ code: 'ADMIN-1' }).first()).id);
    const mine = await get(trailLoader, `/api/parttest/bill/${id}/trail`, { resource: 'bill', id: String(id) }, cookies.admin);
    expect(mine.code).toBe(200);
    const theirs = await get(trailLoader, `/api/parttest/bill/${id}/trail`, { resource: 'bill', id: String(id) }, clerkCookie);
    expect(theirs.code).toBe(404);
    expect((await resourceApi('parttest', 'bill', { cookie: clerkCookie }).get(id)).status).toBe(404);
  });
});

describe('state counts, totals and variants', () => {
  beforeAll(async () => {
    await db.knex(TABLE).delete();
    // 0.10 + 0.20 + … : binary floats would not add up to exact cents.
    await insert([
      ...Array.from({ length: 30 }, (_, i) => ({ code: `A-${i}`, side: i % 3 ? 'payer' : 'payee', status: ['draft', 'submitted', 'approved'][i % 3 === 0 ? 0 : i % 2 ? 1 : 2], amount: '0.10', weight: '0.333' })),
      { code: 'B-1', side: 'payer', status: 'submitted', amount: '12345678901.23', weight: '1.001' },
      { code: 'B-2', side: 'payee', status: 'submitted', amount: '0.07', weight: '2.002' },
    ]);
  });
  const q = (s: string) => {
    const params = new URLSearchParams(s);
    return withStateTab(billResource, params, parseListQuery(bills, params));
  };

  it('counts the rows of each state under the filters, the state tab aside', async () => {
    const all = await stateCounts(billResource, admin, q(''));
    expect(all).toEqual({ total: 32, states: { draft: 10, submitted: 12, approved: 10, rejected: 0 } });
    // The tab narrows the list, not the counts; a filter narrows both.
    expect(await stateCounts(billResource, admin, q('inState=approved&code=B-'))).toEqual({ total: 2, states: { draft: 0, submitted: 2, approved: 0, rejected: 0 } });
    const res = await get(countsLoader, '/api/parttest/bill/counts?side=payee', { resource: 'bill' }, cookies.admin);
    expect(res.data).toEqual({ total: 11, states: { draft: 10, submitted: 1, approved: 0, rejected: 0 } });
    const listed = await resourceApi('parttest', 'bill', { cookie: cookies.admin }).list('inState=submitted&side=payee');
    expect(listed.body.data!.rows.map((r) => r.code)).toEqual(['B-2']);
  });

  it('totals money and weights exactly over the whole filtered list', async () => {
    expect(await columnSums(billResource, admin, q(''))).toEqual({ amount: '12345678904.30', weight: '12.993' });
    expect(await columnSums(billResource, admin, q('code=A-&inState=draft'))).toEqual({ amount: '1.00', weight: '3.330' });
    const res = await get(summaryLoader, '/api/parttest/bill/summary?side=payee', { resource: 'bill' }, cookies.admin);
    expect(res.data).toEqual({ amount: '1.07', weight: '5.332' });
    // Out of the clerk's scope: nothing to add up.
    expect(await columnSums(billResource, clerk, q('code=A-'))).toEqual({ amount: '0.00', weight: '0.000' });
  });

  it("enforces a variant's filter and actions on list, get, counts and transitions", async () => {
    const payer = resourceApi('parttest', 'bill', { cookie: cookies.admin });
    const listed = await payer.list('variant=payer&side=payee&pageSize=100');
    expect(listed.body.data!.total).toBe(21);
    expect(listed.body.data!.rows.every((r) => r.side === 'payer')).toBe(true);
    const counts = await get(countsLoader, '/api/parttest/bill/counts?variant=payer', { resource: 'bill' }, cookies.admin);
    expect((counts.data as { total: number }).total).toBe(21);
    const payee = Number((await db.knex(TABLE).where({ code: 'B-2' }).first()).id);
    const viaVariant = await get(trailLoader, `/api/parttest/bill/${payee}/trail?variant=payer`, { resource: 'bill', id: String(payee) }, cookies.admin);
    expect(viaVariant.code).toBe(404);
    // approve is the variant's; on a row outside it the answer is "not found", and nothing moved.
    const call = (name: string, ids: number[], variant = 'payer') =>
      respond(transitionAction, req(`/api/parttest/bill/transition/${name}?variant=${variant}`, { cookie: cookies.admin, json: { ids, note: 'ok' } }), { plugin: 'parttest', resource: 'bill', transition: name }).then(envelope);
    expect((await call('approve', [payee])).code).toBe(404);
    expect((await db.knex(TABLE).where({ id: payee }).first()).status).toBe('submitted');
    const b1 = Number((await db.knex(TABLE).where({ code: 'B-1' }).first()).id);
    expect((await call('approve', [b1])).code).toBe(200);
    // submit is not among the variant's actions; an unknown variant names nothing.
    await insert([{ code: 'C-1', side: 'payer', status: 'draft', amount: '1.00', weight: '1.000' }]);
    const draft = Number((await db.knex(TABLE).where({ code: 'C-1' }).first()).id);
    expect((await call('submit', [draft])).code).toBe(404);
    expect((await call('submit', [draft], '')).code).toBe(200);
    expect((await call('approve', [b1], 'nobody')).code).toBe(404);
    // Creating is not the variant's either.
    const v = effectiveResource(billResource, 'payer')!;
    expect(abilities(v, clerk)).toMatchObject({ create: false, update: true, delete: false, transitions: ['approve'] });
    expect(abilities(billResource, clerk)).toMatchObject({ create: true, transitions: ['submit', 'approve'] });
  });

  it('a read-only resource offers and accepts no writes', async () => {
    const ro = effectiveResource(logResource)!;
    expect(abilities(ro, admin)).toMatchObject({ create: false, update: false, delete: false, import: false });
    const created = await resourceApi('parttest', 'billLog', { cookie: clerkCookie }).create({ code: 'X', side: 'payer', amount: '1', weight: '1' });
    expect(created.status).toBe(403);
    const removed = await resourceApi('parttest', 'billLog', { cookie: cookies.admin }).removeMany([1]);
    expect(removed.status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the trail, the counts, the totals and the variant parameter; read-only resources without writes', () => {
    const doc = openApiDocument(db.registry, t, 'http://localhost') as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    const paths = doc.paths;
    expect(paths['/api/parttest/bill/{id}/trail'].get).toBeTruthy();
    expect(paths['/api/parttest/bill/counts'].get.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['code', 'inState', 'variant']));
    expect(paths['/api/parttest/bill/summary'].get).toBeTruthy();
    expect(paths['/api/parttest/bill'].get.parameters!.map((p) => p.name)).toContain('variant');
    expect(paths['/api/parttest/billLog'].post).toBeUndefined();
    expect(paths['/api/parttest/billLog/{id}'].put).toBeUndefined();
  });
});

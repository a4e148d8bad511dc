// The basic-information sample seeded into a fresh MariaDB: a few hundred HS lines across the
// chapters traded with Myanmar, each with its declaration elements in order, CIQ codes that
// point at seeded HS codes, a customs-port tree without dangling parents, and lookups.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import system from '../../system';
import customs from '..';
import { HS_CODE } from '../resources/hs';
import { codeListsSeed } from '.';
import { HS_CHAPTERS } from './hsCodes';

const db = setUpTestDb({ plugins: [system, customs] });

const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())?.n ?? 0);

describe('basic-information seed', () => {
  it('has at least 200 well-formed, unique HS codes over the route’s chapters', async () => {
    const rows: { hs_code: string; name: string; name_en: string; first_unit: string; tax_rate: string }[] = await db.knex('cus_hs_code').select();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(rows.every((r) => HS_CODE.test(r.hs_code) && r.name && r.name_en && r.first_unit)).toBe(true);
    const chapters = new Set(rows.map((r) => r.hs_code.slice(0, 2)));
    expect([...chapters].every((c) => c in HS_CHAPTERS)).toBe(true);
    expect(chapters.size).toBeGreaterThanOrEqual(20);
    for (const heading of ['1006', '4001', '4403', '4407', '7103', '0713', '0803', '0804', '0810', '0303', '0306', '3102', '3105', '2523', '7208', '7213', '7214', '8429', '8430', '8711', '8517', '6109', '6203', '3004']) {
      expect(rows.some((r) => r.hs_code.startsWith(heading)), heading).toBe(true);
    }
    expect(rows.every((r) => Number(r.tax_rate) >= 0 && Number(r.tax_rate) <= 100)).toBe(true);
  });

  it('gives every HS code at least 5 declaration elements numbered 1..n, brand type and export preference required', async () => {
    const elements: { hs_code: string; seq: number; name: string; is_required: number | boolean }[] = await db.knex('cus_hs_element').select().orderBy(['hs_code', 'seq']);
    const byCode = new Map<string, typeof elements>();
    for (const e of elements) byCode.set(e.hs_code, [...(byCode.get(e.hs_code) ?? []), e]);
    expect(byCode.size).toBe(await count('cus_hs_code'));
    for (const [hs, list] of byCode) {
      expect(list.length, hs).toBeGreaterThanOrEqual(5);
      expect(list.map((e) => e.seq)).toEqual(list.map((_, i) => i + 1));
      expect(list.slice(0, 3).map((e) => [e.name, !!e.is_required])).toEqual([
        ['品名', true],
        ['品牌类型', true],
        ['出口享惠情况', true],
      ]);
      expect(list[list.length - 1].name).toBe('其他');
    }
  });

  it('points every CIQ code at a seeded HS code and fills both explanations', async () => {
    const ciq: { ciq_code: string; hs_code: string; name: string; name_en: string }[] = await db.knex('cus_ciq_code').select();
    expect(ciq.length).toBeGreaterThan(50);
    const hs = new Set((await db.knex('cus_hs_code').select('hs_code')).map((r: { hs_code: string }) => r.hs_code));
    expect(ciq.every((c) => hs.has(c.hs_code) && c.ciq_code.startsWith(c.hs_code) && c.name && c.name_en)).toBe(true);
  });

  it('seeds the customs ports near Myanmar as a tree without dangling parents', async () => {
    const ports: { customs_code: string; name: string; parent_code: string | null }[] = await db.knex('cus_customs_port').select();
    const codes = new Set(ports.map((p) => p.customs_code));
    expect(ports.every((p) => /^\d{4}$/.test(p.customs_code) && (!p.parent_code || codes.has(p.parent_code)))).toBe(true);
    expect(ports.find((p) => p.customs_code === '8613')).toMatchObject({ name: '瑞丽海关', parent_code: '8600' });
    expect(ports.filter((p) => p.parent_code === '8613').map((p) => p.name)).toEqual(expect.arrayContaining(['畹町海关', '姐告海关']));
  });

  it('seeds the other code lists', async () => {
    expect(await db.knex('cus_port_code').where({ port_code: 'MMRGN' }).first()).toMatchObject({ name: '仰光', country_code: 'MM' });
    expect(await db.knex('cus_origin_area').where({ code: '533100' }).first()).toMatchObject({ name: '德宏傣族景颇族自治州' });
    expect(await count('cus_customs_qp')).toBeGreaterThan(50);
    for (const type of ['ENT_QUALIFICATION', 'PURPOSE', 'PACKING_MATERIAL']) {
      expect(Number((await db.knex('cus_eciq_data').where({ type_code: type }).count({ n: '*' }).first())?.n), type).toBeGreaterThanOrEqual(3);
    }
  });

  it('adds nothing when run again', async () => {
    const before = await Promise.all(['cus_hs_code', 'cus_hs_element', 'cus_ciq_code', 'cus_port_code'].map(count));
    await codeListsSeed.run(db.knex, { demoPassword: '', hashPassword: async (p) => p, registry: db.registry });
    expect(await Promise.all(['cus_hs_code', 'cus_hs_element', 'cus_ciq_code', 'cus_port_code'].map(count))).toEqual(before);
  });

  it('feeds the pickers: "code name" labels, customs ports with their parent', async () => {
    const ctx = db.registry.context(db.knex);
    const hs = await ctx.lookup('customs.hsCodes', {} as never);
    expect(hs.find((o) => o.value === '0713319000')?.label).toBe('0713319000 其他干绿豆');
    const types = await ctx.lookup('customs.eciqTypes', {} as never);
    expect(types.map((o) => o.value)).toEqual(expect.arrayContaining(['ENT_QUALIFICATION', 'PURPOSE', 'PACKING_MATERIAL']));
    const ports = await ctx.lookup('customs.customsPorts', {} as never);
    expect(ports.find((o) => o.value === '8614')).toEqual({ value: '8614', label: '8614 畹町海关', labels: { en: '8614 Wanding Customs' }, parent: '8613' });
  });

  it('grants the customs brokers’ role every basic-information screen and permission', async () => {
    const role = await db.knex('sys_role').where({ code: 'customs_admin' }).first();
    const perms = (await db.knex('sys_role_permission').where({ role_id: role.id }).select('permission_code')).map((r: { permission_code: string }) => r.permission_code);
    expect(perms).toEqual(expect.arrayContaining(['customs:hsCode:list', 'customs:hsCode:add', 'customs:portCode:remove']));
    // 9 screens × list/add/edit/remove; the other areas grant their own.
    expect(perms.filter((c) => /^customs:(hsCode|hsElement|ciqCode|eciqType|eciqData|originArea|customsPort|customsQp|portCode):/.test(c))).toHaveLength(36);
  });
});

describe('demo service orders without finance installed', () => {
  it('the approved demo order’s bill hand-off waits as pending for a receiver', async () => {
    const order = await db.knex('cus_service_order').where({ status: 'inProgress' }).first();
    const handoffs = await db.knex('sys_handoff').where({ kind: 'serviceBill', source: 'customs.serviceOrder', source_id: String(order.id) });
    expect(handoffs.map((h) => h.status)).toEqual(['pending']);
  });
});

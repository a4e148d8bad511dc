// GET /api/dropDown/queryAllRefCodeList (SPEC §7): every code of every type for the clients'
// drop-downs, in the fields the old clients read (rvDomain, rvLowValue, rvMeaning), for any
// signed-in user; 20011 without a session.
import { describe, expect, it } from 'vitest';
import system from '../index';
import { setUpTestDb } from '../../../tests/support/suite';
import { answerOf, req, type Envelope } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import { resourceApi } from '../../../tests/support/resource';
import { loader } from './api.queryAllRefCodeList';

const db = setUpTestDb({ plugins: [system] });

interface Code {
  rvDomain: string;
  rvLowValue: string;
  rvHighValue: string | null;
  rvMeaning: string;
  rvMeaningEn: string;
  isDefault: boolean;
  ediCode: string | null;
}

const fetchCodes = (cookie?: string) => answerOf<Envelope & { data?: Code[] }>(loader, req('/api/dropDown/queryAllRefCodeList', { cookie }));

describe('GET /api/dropDown/queryAllRefCodeList', () => {
  it('returns every seeded code with rvDomain, rvLowValue and rvMeaning', async () => {
    const { status, body } = await fetchCodes(await loginAs('trader'));
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const seeded: { rv_domain: string; code: string; name: string }[] = await db.knex('sys_ref_code').select('rv_domain', 'code', 'name');
    expect(seeded.length).toBeGreaterThan(60);
    const data = body.data!;
    expect(data).toHaveLength(seeded.length);
    expect(data.map((c) => `${c.rvDomain}/${c.rvLowValue}/${c.rvMeaning}`).sort()).toEqual(seeded.map((s) => `${s.rv_domain}/${s.code}/${s.name}`).sort());
    // every seeded type is there
    const types: string[] = await db.knex('sys_ref_code_type').pluck('type_code');
    expect([...new Set(data.map((c) => c.rvDomain))].sort()).toEqual([...types].sort());
    expect(types).toEqual(expect.arrayContaining(['CURRENCY', 'PAY_METHOD', 'URGENCY', 'TRANSPORT_MODE', 'PACKAGE_KIND', 'INDUSTRY']));
    expect(data.find((c) => c.rvDomain === 'CURRENCY' && c.rvLowValue === 'RMB')).toEqual({
      rvDomain: 'CURRENCY',
      rvLowValue: 'RMB',
      rvHighValue: null,
      rvMeaning: '人民币',
      rvMeaningEn: 'Renminbi',
      isDefault: true,
      ediCode: '142',
    });
  });

  it('lists a type’s codes together, in their order', async () => {
    const { body } = await fetchCodes(await loginAs('trader'));
    const domains = body.data!.map((c) => c.rvDomain);
    expect(domains).toEqual([...domains].sort());
    expect(body.data!.filter((c) => c.rvDomain === 'CURRENCY').map((c) => c.rvLowValue)).toEqual(['RMB', 'USD', 'EUR', 'GBP', 'MMK']);
  });

  it('includes a code added through the code screen at once', async () => {
    const admin = await loginAs('admin');
    const created = await resourceApi('system', 'refCode', { cookie: admin }).create({ rvDomain: 'URGENCY', code: 'VERY', name: '特急', nameEn: 'Very urgent', isDefault: false, orderNum: 3 });
    expect(created.body.code).toBe(200);
    const { body } = await fetchCodes(admin);
    expect(body.data!.find((c) => c.rvLowValue === 'VERY')).toMatchObject({ rvDomain: 'URGENCY', rvMeaning: '特急', isDefault: false });
  });

  it('answers 20011 without a session', async () => {
    const { status, body } = await fetchCodes();
    expect(status).toBe(401);
    expect(body.code).toBe(20011);
    expect(body.data).toBeUndefined();
  });
});

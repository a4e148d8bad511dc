// Parameters and body fields of the resource API are parsed before use: a value of the wrong
// type is refused with the envelope's validation answer (code 500, HTTP 400, translated) or,
// for a path id that names nothing, 404, and never reaches a query or throws (HTTP 500).
import { describe, expect, it } from 'vitest';
import { BASE } from '../support/http';
import { createRouter } from '../support/router';
import { setUpTestDb } from '../support/suite';

const db = setUpTestDb({ logins: ['admin'] });
const router = createRouter();

const send = async (method: string, path: string, raw?: string) => {
  const headers: Record<string, string> = { cookie: db.cookies.admin, origin: BASE };
  if (raw !== undefined) headers['content-type'] = 'application/json';
  const res = await router.handle(new Request(BASE + path, { method, body: raw, headers }));
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: unknown } };
};

async function aRow(base: string) {
  const { body } = await send('GET', `${base}?pageSize=1`);
  return (body.data as { rows: { id: number; version: number }[] }).rows[0];
}

describe('type confusion', () => {
  it('refuses {"version":{"toString":1}} on update with 400 and a translated message, and changes nothing', async () => {
    const row = await aRow('/api/system/country');
    const before = await db.knex('sys_country').where({ id: row.id }).first();
    const out = await send('PUT', `/api/system/country/${row.id}`, '{"version":{"toString":1}}');
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ code: 500, msg: '参数 version 的值无效' });
    expect(await db.knex('sys_country').where({ id: row.id }).first()).toEqual(before);
    const en = await send('PUT', `/api/system/country/${row.id}?lng=en`, '{"version":[1]}');
    expect(en.body.msg).toBe('Invalid value for parameter version');
  });

  it('refuses a field value that cannot become a string or number (any field, create too)', async () => {
    const out = await send('POST', '/api/finance/bill', '{"payerUserId":{"toString":1}}');
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ code: 500, msg: '参数 payerUserId 的值无效' });
  });

  it('answers GET /api/core/files/abc with the 404 envelope instead of querying id = NaN', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '1e3', '99999999999999999999']) {
      const out = await send('GET', `/api/core/files/${id}`);
      expect(out.status, id).toBe(404);
      expect(out.body).toMatchObject({ code: 404, msg: '数据不存在或无权访问' });
    }
  });

  it('refuses malformed ids of batch actions, paging, cursors, export formats and range-filter dates with 400', async () => {
    const cases: [string, string, string | undefined, string][] = [
      ['DELETE', '/api/system/country', '{"ids":[{"toString":1}]}', 'ids'],
      ['DELETE', '/api/system/country', '{"ids":"1,abc"}', 'ids'],
      ['DELETE', '/api/system/country', '{"ids":[1.5]}', 'ids'],
      ['GET', '/api/system/country?page=abc', undefined, 'page'],
      ['GET', '/api/system/country?pageSize=-5', undefined, 'pageSize'],
      ['GET', '/api/system/country?after=1e3', undefined, 'after'],
      ['GET', '/api/system/country/export?format=exe', undefined, 'format'],
      ['GET', '/api/finance/chargingRule?effectiveFromFrom=2024-13-45', undefined, 'effectiveFromFrom'],
      ['GET', '/api/finance/chargingRule?effectiveFromTo=2024-02-30', undefined, 'effectiveFromTo'],
    ];
    for (const [method, path, raw, name] of cases) {
      const out = await send(method, path, raw);
      expect(out.status, `${method} ${path} ${raw}`).toBe(400);
      expect(out.body.msg).toBe(`参数 ${name} 的值无效`);
    }
    expect((await send('GET', '/api/system/country?page=2&pageSize=10&sort=id:asc')).status).toBe(200);
    expect((await send('GET', '/api/finance/chargingRule?effectiveFromFrom=2024-02-29&effectiveFromTo=2026-12-31')).status).toBe(200);
    // A sort that is not a sortable field keeps the default order (an existing convention).
    expect((await send('GET', '/api/system/country?sort=name;drop')).status).toBe(200);
  });

  it('refuses a transition whose opinion is not text', async () => {
    const out = await send('POST', '/api/customs/declaration/transition/submit', '{"ids":[1],"note":{"a":1}}');
    expect(out.status).toBe(400);
    expect(out.body.msg).toBe('参数 note 的值无效');
  });
});

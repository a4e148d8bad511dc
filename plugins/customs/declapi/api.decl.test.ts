// /api/decl/…: the customs resources in the declaration platform client's envelope
// (code 100 = data, code 1000 = whole body), with the same rules and permissions.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { loginAs } from '../../../tests/support/session';
import { req, respond } from '../../../tests/support/http';
import { action, loader } from './api.decl';
import { loader as openapi } from '../../../app/routes/api.openapi[.]json';
import { importDeclaration } from '../declarations/fixtures';

const { cookies } = setUpTestDb({ logins: ['broker'] });

const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
  const fn = (init.method ?? 'GET') === 'GET' ? loader : action;
  const res = await respond(fn, req(`/api/decl/${path}`, { cookie: cookies.broker, ...init }), { '*': path.split('?')[0] });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('/api/decl', () => {
  it('lists with code 1000 and the whole body (rows and total at the top level)', async () => {
    const { body } = await call('hsCode?pageSize=10');
    expect(body.code).toBe(1000);
    expect(Array.isArray(body.rows)).toBe(true);
    expect((body.rows as unknown[]).length).toBe(10);
    expect(typeof body.total).toBe('number');
    expect(body.data).toBeUndefined();
  });

  it('creates, reads and submits with code 100 and the data', async () => {
    const created = await call('declaration', { method: 'POST', json: importDeclaration() });
    expect(created.body.code).toBe(100);
    const id = (created.body.data as { id: number }).id;
    const one = await call(`declaration/${id}`);
    expect(one.body).toMatchObject({ code: 100, data: { id, status: 'draft' } });
    const sub = await call('declaration/transition/submit', { method: 'POST', json: { ids: [id] } });
    expect(sub.body.code).toBe(100);
    expect((sub.body.data as { status: string }[])[0].status).toBe('submitted');
  });

  it('keeps the main error codes and messages', async () => {
    const bad = await call('declaration', { method: 'POST', json: importDeclaration({ grossWeight: '1', netWeight: '2' }) });
    expect(bad.body).toMatchObject({ code: 500, msg: '净重不能大于毛重' });
    const anon = await call('hsCode', { cookie: '' });
    expect(anon.body.code).toBe(20011);
    const trader = await call('declaration', { cookie: await loginAs('trader') });
    expect(trader.status).toBe(403);
    expect((await call('nothing')).status).toBe(404);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await respond(openapi, req('/api/openapi.json', { cookie: cookies.broker }));
    const doc = (await res.json()) as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    expect(doc.paths['/api/decl/declaration'].get.responses[200].description).toContain('1000');
    expect(doc.paths['/api/decl/declaration/{id}'].get.responses[200].description).toContain('code 100');
  });
});

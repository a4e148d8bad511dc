// The fund reminder calls of SPEC §7 appear in /api/openapi.json, contributed by the funds area
// through the finance plugin.
import { describe, expect, it } from 'vitest';
import { tFor } from '../../../core/i18n/i18n.server';
import { createRegistry } from '../../../core/registry.server';
import { openApiDocument } from '../../../core/resource/openapi.server';
import configured from '../../../plugins.config';

const doc = openApiDocument(createRegistry(configured), tFor('zh'), 'http://localhost');

/** The value at a key path of the document. */
const at = (...keys: string[]): unknown => keys.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc);
const JSON_SCHEMA = ['content', 'application/json', 'schema'];

describe('the OpenAPI document', () => {
  it('describes GET /api/payAdvance/zjCount answering the count in data.data', () => {
    const op = ['paths', '/api/payAdvance/zjCount', 'get'];
    expect(at(...op, 'tags')).toEqual(['finance: 资金提醒']);
    expect(at(...op, 'responses', '200', ...JSON_SCHEMA, 'properties', 'data', 'properties', 'data', 'type')).toBe('integer');
  });

  it('describes POST /api/payAdvance/selectZjtxList: Data.Parameters.CFD paging in, fund rows and total out', () => {
    const op = ['paths', '/api/payAdvance/selectZjtxList', 'post'];
    const cfd = at(...op, 'requestBody', ...JSON_SCHEMA, 'properties', 'Data', 'properties', 'Parameters', 'properties', 'CFD', 'properties');
    expect(Object.keys(cfd as object)).toEqual(['currentPage', 'pageSize']);
    const data = [...op, 'responses', '200', ...JSON_SCHEMA, 'properties', 'data', 'properties'];
    expect(at(...data, 'total', 'type')).toBe('integer');
    expect(at(...data, 'rows', 'items')).toEqual({ $ref: '#/components/schemas/finance_fundRow' });
    const row = ['components', 'schemas', 'finance_fundRow', 'properties'];
    expect(Object.keys(at(...row) as object)).toEqual(['customerName', 'subAccNo', 'remainingMoney']);
    expect(at(...row, 'customerName', 'description')).toBe('客户名称');
  });

  it('keeps the resource paths and the other plugins’ additions', () => {
    expect(at('paths', '/api/finance/subAccount', 'get')).toBeDefined();
    expect(at('paths', '/api/decl/declaration', 'get')).toBeDefined();
  });
});

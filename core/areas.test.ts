// combineAreas: each area's additions to the OpenAPI document run, in area order.
import { describe, expect, it } from 'vitest';
import { combineAreas, type PluginArea } from './areas';

describe('combineAreas', () => {
  it('merges the areas’ OpenAPI additions in area order, skipping areas without one', () => {
    const calls: string[] = [];
    const area = (key: string, withDoc = true): PluginArea => ({
      key,
      openapi: withDoc
        ? (doc, t) => {
            calls.push(key);
            doc.paths[`/api/${key}`] = { get: { summary: t(`x:${key}`) } };
          }
        : undefined,
    });
    const { openapi } = combineAreas([area('b'), area('none', false), area('a')]);
    const doc = { paths: {} as Record<string, unknown>, schemas: {} };
    openapi(doc, (k) => k.toUpperCase());
    expect(calls).toEqual(['b', 'a']);
    expect(doc.paths).toEqual({ '/api/b': { get: { summary: 'X:B' } }, '/api/a': { get: { summary: 'X:A' } } });
  });
});

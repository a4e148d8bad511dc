// The page's emotion styles as one stylesheet: collected while the page renders (no <style> tags
// in the HTML), kept in the database, and answered by any process from the names in its URL.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import styled from '@emotion/styled';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/support/db';
import { collectStyles, styleSheet, styleSheetHref, withStylesheet } from './page-styles.server';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb({ seed: false });
});
afterAll(async () => {
  await db?.destroy();
});

const Red = styled.div({ color: 'red', display: 'flex' });
const Wide = styled.span({ width: 232 });

function renderPage() {
  const cache = createCache({ key: 'css' });
  const rules = collectStyles(cache);
  const html = renderToString(h(CacheProvider, { value: cache }, h(Global, { styles: { body: { margin: 0 } } }), h(Red, null, h(Wide, null, 'x'))));
  return { html, rules: rules() };
}

describe('page styles', () => {
  it('are collected in the order the page used them, and not put in the HTML', () => {
    const { html, rules } = renderPage();
    expect(html).not.toContain('<style');
    expect(rules.map((r) => r.rules)).toEqual([expect.stringContaining('body{margin:0;}'), expect.stringContaining('color:red;'), expect.stringContaining('width:232px;')]);
    expect(html).toContain(`css-${rules[1].name}`);
  });

  it('are answered, by the names in the URL, by a process that never rendered them', async () => {
    const { rules } = renderPage();
    const href = (await styleSheetHref(db.knex, rules))!;
    expect(href).toBe(`/styles/${rules.map((r) => r.name).join('.')}.css`);
    vi.resetModules();
    const other = await import('./page-styles.server');
    expect(await other.styleSheet(db.knex, href.slice('/styles/'.length))).toBe(rules.map((r) => r.rules).join(''));
  });

  it('answer nothing for a name never stored or a malformed one', async () => {
    expect(await styleSheet(db.knex, 'zzzzzzzz.css')).toBeNull();
    expect(await styleSheet(db.knex, 'a b.css')).toBeNull();
    expect(await styleSheet(db.knex, '../x.css')).toBeNull();
    expect(await styleSheet(db.knex, 'abc')).toBeNull();
  });

  it('are linked at the end of the head', () => {
    const page = withStylesheet(Buffer.from('<html><head><title>t</title></head><body></body></html>'), '/styles/a.b.css');
    expect(page.toString()).toBe('<html><head><title>t</title><link rel="stylesheet" href="/styles/a.b.css"/></head><body></body></html>');
  });
});

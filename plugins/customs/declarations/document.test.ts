// The declaration editor's goods lines (pure, no browser): the total follows quantity × unit
// price in decimal, a new line waits for the one being filled, and a bad line's message names
// the line on the goods and sits on its field too.
import { describe, expect, it } from 'vitest';
import { declarationDef } from './declaration';
import { declarationDocument } from './document';
import { goodsLine, importDeclaration } from './fixtures';

const goods = declarationDocument.lines[0];
const t = ((key: string, o?: { line?: number; message?: string }) => (o?.line ? `${o.line}: ${o.message}` : key)) as never;

describe('declaration goods lines in the editor', () => {
  it('computes the total in decimal while quantity or unit price changes', () => {
    expect(goods.derive!({ qty: '3', unitPrice: '0.1', totalPrice: '' }, 'qty').totalPrice).toBe('0.30');
    expect(goods.derive!({ qty: '3', unitPrice: 'x', totalPrice: '1' }, 'unitPrice').totalPrice).toBe('1');
  });

  it('adds a line only once the selected one has its HS code, name and CIQ name', () => {
    expect(goods.addRefusal!({ hsCode: '0713109000', goodsName: '干豌豆', ciqName: '' })).toBe('customs:declarations.msg.fillGoodsFirst');
    expect(goods.addRefusal!({ hsCode: '0713109000', goodsName: '干豌豆', ciqName: '豌豆' })).toBeNull();
    expect(goods.addRefusal!(undefined)).toBeNull();
  });

  it('puts a bad line on the goods with its number and on its field', () => {
    const parsed = declarationDef.schema(t, 'create').safeParse(importDeclaration({ goods: [goodsLine(), goodsLine({ goodsName: '' })] }));
    const issues = (parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['goods', '2: core:resource.required'],
      ['goods.1.goodsName', 'core:resource.required'],
    ]);
  });
});

// The contract template library: the demo templates' fields and signature slots, the refusal
// of a template that lacks what a form needs, and filling in Chinese and Burmese — checked in
// the filled PDF's text layer with Debian's pdftotext (poppler-utils, installed by npm test).
//
// Burmese: the values are drawn as glyphs shaped by HarfBuzz (reordered ေ/ြ, stacked
// consonants), which a plain glyph→Unicode map cannot read back in typing order; the text code
// wraps each Burmese run in a marked-content span whose /ActualText is the typed string, and
// poppler's pdftotext honours ActualText, so the Burmese is asserted exactly as well. The
// embedded Noto Sans Myanmar subset is checked with pdffonts besides.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTemplate, DEMO_TEMPLATE_KINDS, demoTemplateFields, demoTemplates, type DemoTemplate } from './demo-templates.server';
import { fillTemplate } from './fill.server';
import { inspectTemplate, missingFields, TemplateError } from './template.server';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-tpl-'));
let n = 0;
function poppler(tool: 'pdftotext' | 'pdffonts', pdf: Buffer): string {
  const file = path.join(tmp, `${++n}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync(tool, tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file], { encoding: 'utf8' });
}
/** Text with all white space removed: pdftotext's line breaks and spacing are layout, not data. */
const squash = (s: string) => s.replace(/\s+/g, '');

const ZH = {
  'contract.no': 'HT-2026-000123',
  'partyA.name': '瑞丽边境贸易有限公司',
  'partyB.name': '德宏州通达物流有限公司',
  'partyC.name': '曼德勒进出口贸易公司',
  'contract.amount': '1,250,000.00',
  'contract.currency': '人民币',
  'contract.signedDate': '2026-11-28',
  'contract.effectiveDate': '2026-12-01',
  'contract.expiryDate': '2027-11-30',
  goods: '天然橡胶 20 吨，木材 35 立方米，分两批运输',
  line: '瑞丽口岸 → 曼德勒',
};
const MY = {
  'partyA.name': 'မန္တလေး ကုန်သွယ်ရေး ကုမ္ပဏီ',
  'partyB.name': 'မြဝတီ ကုန်စည်ပို့ဆောင်ရေး',
  goods: 'ရော်ဘာ ၂၀ တန်',
};

let templates: DemoTemplate[];
const demo = (kind: string, lang: string) => templates.find((t) => t.kind === kind && t.lang === lang)!;

beforeAll(async () => {
  templates = await demoTemplates();
}, 120_000);

describe('demo templates', () => {
  it('builds a transport contract, a customs entrustment and a purchase contract in zh, en and my', () => {
    expect(templates.map((t) => `${t.kind}-${t.lang}`)).toEqual(DEMO_TEMPLATE_KINDS.flatMap((k) => ['zh', 'en', 'my'].map((l) => `${k}-${l}`)));
    for (const t of templates) {
      expect(t.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(t.title).toBeTruthy();
    }
    expect(demo('purchase', 'zh').title).toBe('采购合同');
    expect(demo('customsEntrustment', 'my').title).toBe('အကောက်ခွန်ကြေညာရန် ကိုယ်စားလှယ် လွှဲအပ်စာ');
  });

  it('writes the title and the clauses in the template language into the text layer', () => {
    expect(squash(poppler('pdftotext', demo('transport', 'zh').pdf))).toContain(squash('货物运输合同'));
    expect(squash(poppler('pdftotext', demo('transport', 'zh').pdf))).toContain(squash('承运方按本合同约定的线路和期限将货物安全运抵目的地。'));
    expect(poppler('pdftotext', demo('purchase', 'en').pdf)).toContain('Purchase Contract');
    expect(squash(poppler('pdftotext', demo('purchase', 'my').pdf))).toContain(squash('ဝယ်ယူရေး စာချုပ်'));
  });
});

describe('inspectTemplate', () => {
  it('finds the data fields with their page and rectangle, and the signature slots by party', async () => {
    for (const kind of DEMO_TEMPLATE_KINDS) {
      const info = await inspectTemplate(demo(kind, 'zh').pdf);
      expect(info.fields.map((f) => f.name).sort()).toEqual([...demoTemplateFields(kind)].sort());
      for (const f of info.fields) {
        expect(f.type).toBe('text');
        expect(f.page).toBe(0);
        expect(f.rect.width).toBeGreaterThan(20);
        expect(f.rect.height).toBeGreaterThan(10);
      }
      expect(info.fields.find((f) => f.name === 'goods')?.multiline).toBe(true);
      const parties = kind === 'transport' ? [1, 2, 3] : [1, 2];
      expect(info.signatureSlots.map((s) => s.party)).toEqual(parties);
      expect(info.signatureSlots.map((s) => s.name)).toEqual(parties.map((p) => `signature.${p}`));
      for (const s of info.signatureSlots) {
        expect(s.page).toBe(0);
        expect(s.rect.width).toBeGreaterThan(100);
        expect(s.rect.y).toBeGreaterThan(0);
      }
      // Slots side by side, party 1 on the left.
      const xs = info.signatureSlots.map((s) => s.rect.x);
      expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    }
  });

  it('refuses what is not a PDF', async () => {
    await expect(inspectTemplate(Buffer.from('PK\u0003\u0004 not a pdf'))).rejects.toMatchObject({ code: 'notPdf' });
    await expect(inspectTemplate(Buffer.from('%PDF-1.7\n garbage'))).rejects.toBeInstanceOf(TemplateError);
  });

  it('reports a plain PDF (no form) as having no fields and no slots', async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    const info = await inspectTemplate(Buffer.from(await plain.save()));
    expect(info).toEqual({ fields: [], signatureSlots: [], pageCount: 1 });
    expect(missingFields(info, ['partyA.name', 'signature.1'])).toEqual(['partyA.name', 'signature.1']);
  });
});

describe('missingFields', () => {
  it('lists the fields and signature slots a form needs that the template lacks', async () => {
    const purchase = await inspectTemplate(demo('purchase', 'en').pdf);
    const transport = await inspectTemplate(demo('transport', 'en').pdf);
    const needed = ['contract.no', 'partyA.name', 'partyB.name', 'partyC.name', 'line', 'signature.1', 'signature.2', 'signature.3'];
    expect(missingFields(purchase, needed)).toEqual(['partyC.name', 'line', 'signature.3']);
    expect(missingFields(transport, needed)).toEqual([]);
    expect(missingFields(transport, [])).toEqual([]);
  });
});

describe('fillTemplate', () => {
  it('puts Chinese values into the text layer, flattened, and returns the signature slots', async () => {
    const template = demo('transport', 'zh');
    const res = await fillTemplate(template.pdf, ZH, { lang: 'zh' });
    const text = squash(poppler('pdftotext', res.pdf));
    for (const value of Object.values(ZH)) expect(text).toContain(squash(value));
    expect(res.filled.sort()).toEqual(Object.keys(ZH).sort());
    expect(res.signatureSlots).toEqual((await inspectTemplate(template.pdf)).signatureSlots);
    expect(poppler('pdffonts', res.pdf)).toMatch(/NotoSansHans-Regular\s+CID Type 0C\s+Identity-H\s+yes yes yes/);
  });

  it('puts Burmese values into the text layer in the embedded, HarfBuzz-shaped Myanmar font', async () => {
    const res = await fillTemplate(demo('purchase', 'my').pdf, { ...MY, 'contract.no': 'HT-2026-000124', 'contract.currency': 'ကျပ်' }, { lang: 'my' });
    const text = poppler('pdftotext', res.pdf);
    for (const value of [...Object.values(MY), 'ကျပ်']) expect(squash(text)).toContain(squash(value));
    expect(text).toContain('HT-2026-000124');
    expect(poppler('pdffonts', res.pdf)).toMatch(/NotoSansMyanmar-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('mixes Chinese and Burmese in one template, whatever its language', async () => {
    const res = await fillTemplate(demo('customsEntrustment', 'en').pdf, { 'partyA.name': '瑞丽边境贸易有限公司', 'partyB.name': MY['partyB.name'], goods: `天然橡胶 / ${MY.goods}` }, { lang: 'en' });
    const text = squash(poppler('pdftotext', res.pdf));
    expect(text).toContain('瑞丽边境贸易有限公司');
    expect(text).toContain(squash(MY['partyB.name']));
    // One field, two fonts: pdftotext may order the Chinese and the Burmese run apart.
    expect(text).toContain('天然橡胶/');
    expect(text).toContain(squash(MY.goods));
  });

  it('leaves no editable field and no widget behind', async () => {
    const res = await fillTemplate(demo('transport', 'en').pdf, { 'partyA.name': 'Ruili Border Trade Co., Ltd.' }, { lang: 'en' });
    const doc = await PDFDocument.load(res.pdf);
    expect(doc.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(doc.getForm().getFields()).toEqual([]);
    for (const page of doc.getPages()) {
      for (const a of page.node.Annots()?.asArray() ?? []) {
        const annot = doc.context.lookup(a);
        expect(annot instanceof PDFDict && annot.get(PDFName.of('Subtype'))).not.toBe(PDFName.of('Widget'));
      }
    }
    expect(res.pdf.includes('/Widget')).toBe(false);
    expect(poppler('pdftotext', res.pdf)).toContain('Ruili Border Trade Co., Ltd.');
  });

  it('refuses a value for a field the template does not have, or reports it when asked', async () => {
    const pdf = demo('purchase', 'zh').pdf;
    const err = await fillTemplate(pdf, { 'partyA.name': '甲', 'partyC.name': '丙', line: 'x' }, { lang: 'zh' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemplateError);
    expect(err).toMatchObject({ code: 'unknownFields', names: ['partyC.name', 'line'] });
    const res = await fillTemplate(pdf, { 'partyA.name': '甲方公司', 'partyC.name': '丙' }, { lang: 'zh', unknown: 'report' });
    expect(res.unknown).toEqual(['partyC.name']);
    expect(res.filled).toEqual(['partyA.name']);
    expect(squash(poppler('pdftotext', res.pdf))).not.toContain('丙');
  });

  it('refuses a value for a signature slot', async () => {
    await expect(fillTemplate(demo('purchase', 'zh').pdf, { 'signature.1': 'x' }, { lang: 'zh' })).rejects.toMatchObject({ code: 'notTextField', names: ['signature.1'] });
  });

  it('shrinks a long single-line value to its field instead of cutting it', async () => {
    const long = '云南省德宏傣族景颇族自治州瑞丽市姐告边境贸易区国际物流园进出口贸易有限责任公司';
    const res = await fillTemplate(demo('purchase', 'zh').pdf, { 'partyA.name': long }, { lang: 'zh' });
    expect(squash(poppler('pdftotext', res.pdf))).toContain(long);
  });

  it('fills every demo template in its own language', async () => {
    for (const kind of DEMO_TEMPLATE_KINDS) {
      const t = await buildDemoTemplate(kind, 'my');
      const values = Object.fromEntries(t.fields.map((f) => [f, f === 'goods' ? MY.goods : 'ဒေါ်အေး']));
      const res = await fillTemplate(t.pdf, values, { lang: 'my' });
      expect(res.filled.sort()).toEqual([...t.fields].sort());
      expect(res.signatureSlots.map((s) => s.name)).toEqual(t.signatureSlots);
    }
  }, 60_000);
});

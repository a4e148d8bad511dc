// The demo standard templates, built in code: a transport contract (三方: shipper, carrier,
// consignee), a customs declaration entrustment and a purchase contract (two parties each), each
// in Chinese, English and Burmese. They are the seeded templates of the contracts plugin and
// the fixtures of its tests.
//
// A template is an A4 page: the title, the contract data as labelled form fields
// (`contract.no`, `partyA.name`…, `contract.amount`, `contract.currency`, the three dates,
// `goods`, and `line` for transport), the clauses in the template's language, and one signature
// field per party (`signature.1`, `signature.2`, …: real /Sig fields, so standard PDF tools see
// the slots) under the party's "(seal)" caption. pdfkit writes the page (Chinese and shaped
// Burmese through core/pdf); pdf-lib adds the AcroForm at the rectangles the layout chose.
import { PDFDocument, PDFName, PDFString, type PDFPage } from 'pdf-lib';
import type { Lang } from '@core/shared';
import { openPdf, put, setFont, wrap } from '@core/server';
import type { Rect } from './template.server';

export type DemoTemplateKind = 'transport' | 'customsEntrustment' | 'purchase';

export const DEMO_TEMPLATE_KINDS: readonly DemoTemplateKind[] = ['transport', 'customsEntrustment', 'purchase'];

type Text = Record<Lang, string>;
const T = (zh: string, en: string, my: string): Text => ({ zh, en, my });

const LABELS = {
  no: T('合同编号', 'Contract No.', 'စာချုပ်အမှတ်'),
  signedDate: T('签订日期', 'Date signed', 'လက်မှတ်ရေးထိုးသည့်နေ့'),
  effectiveDate: T('生效日期', 'Effective date', 'အာဏာသက်ရောက်သည့်နေ့'),
  expiryDate: T('到期日期', 'Expiry date', 'သက်တမ်းကုန်ဆုံးသည့်နေ့'),
  amount: T('合同金额', 'Contract amount', 'စာချုပ်တန်ဖိုး'),
  currency: T('币种', 'Currency', 'ငွေကြေး'),
  goods: T('货物', 'Goods', 'ကုန်ပစ္စည်း'),
  line: T('运输线路', 'Route', 'သယ်ယူပို့ဆောင်ရေး လမ်းကြောင်း'),
  clauses: T('合同条款', 'Terms', 'စာချုပ်ပါ စည်းကမ်းချက်များ'),
  seal: T('（盖章）', ' (seal)', ' (တံဆိပ်)'),
};

const FINAL_CLAUSE = T(
  '本合同自生效日期起生效，至到期日期终止；一式多份，经各方电子签章后具有同等法律效力。',
  'This contract takes effect on the effective date and ends on the expiry date; once sealed electronically by every party, each copy has the same legal force.',
  'ဤစာချုပ်သည် အာဏာသက်ရောက်သည့်နေ့မှ စတင်အာဏာတည်ပြီး သက်တမ်းကုန်ဆုံးသည့်နေ့တွင် ပြီးဆုံးသည်။ အဖွဲ့အားလုံးက အီလက်ထရောနစ် တံဆိပ်ခတ်ပြီးနောက် မိတ္တူတိုင်းသည် ဥပဒေအရ တူညီသော အာဏာရှိသည်။',
);

interface Kind {
  title: Text;
  description: Text;
  parties: Text[];
  line: boolean;
  clauses: Text[];
}

const KINDS: Record<DemoTemplateKind, Kind> = {
  transport: {
    title: T('货物运输合同', 'Goods Transport Contract', 'ကုန်ပစ္စည်း သယ်ယူပို့ဆောင်ရေး စာချုပ်'),
    description: T('托运方、承运方与收货方三方运输合同', 'Three-party transport contract between shipper, carrier and consignee', 'ကုန်ပို့သူ၊ သယ်ယူပို့ဆောင်သူနှင့် ကုန်လက်ခံသူ သုံးဦးကြား သယ်ယူပို့ဆောင်ရေး စာချုပ်'),
    parties: [T('托运方', 'Shipper', 'ကုန်ပို့သူ'), T('承运方', 'Carrier', 'သယ်ယူပို့ဆောင်သူ'), T('收货方', 'Consignee', 'ကုန်လက်ခံသူ')],
    line: true,
    clauses: [
      T('承运方按本合同约定的线路和期限将货物安全运抵目的地。', 'The carrier shall deliver the goods safely to the destination along the agreed route and within the agreed time.', 'သယ်ယူပို့ဆောင်သူသည် သဘောတူထားသော လမ်းကြောင်းနှင့် အချိန်ကာလအတွင်း ကုန်ပစ္စည်းများကို ဦးတည်ရာသို့ ဘေးကင်းစွာ ပို့ဆောင်ရမည်။'),
      T('托运方按合同金额支付运费，并如实申报货物的名称、数量和性质。', 'The shipper shall pay the freight at the contract amount and declare the name, quantity and nature of the goods truthfully.', 'ကုန်ပို့သူသည် စာချုပ်တန်ဖိုးအတိုင်း သယ်ယူခကို ပေးချေရမည်ဖြစ်ပြီး ကုန်ပစ္စည်း၏ အမည်၊ အရေအတွက်နှင့် သဘောသဘာဝကို မှန်ကန်စွာ ကြေညာရမည်။'),
      T('收货方应及时提货并在运单上签收。', 'The consignee shall take delivery promptly and sign for the goods on the waybill.', 'ကုန်လက်ခံသူသည် ကုန်ပစ္စည်းများကို အချိန်မီ ထုတ်ယူပြီး ကုန်တင်လွှာပေါ်တွင် လက်မှတ်ရေးထိုး လက်ခံရမည်။'),
      T('货物在运输途中灭失或损坏的，由承运方依法赔偿。', 'The carrier is liable under law for goods lost or damaged in transit.', 'သယ်ယူပို့ဆောင်စဉ် ကုန်ပစ္စည်း ပျောက်ဆုံးခြင်း သို့မဟုတ် ပျက်စီးခြင်းအတွက် သယ်ယူပို့ဆောင်သူက ဥပဒေအရ လျော်ကြေးပေးရမည်။'),
    ],
  },
  customsEntrustment: {
    title: T('代理报关委托书', 'Customs Declaration Entrustment', 'အကောက်ခွန်ကြေညာရန် ကိုယ်စားလှယ် လွှဲအပ်စာ'),
    description: T('进出口企业委托报关行办理报关手续', 'A trader entrusts a customs broker with its declarations', 'ကုန်သည်က အကောက်ခွန်ကြေညာရေး ကိုယ်စားလှယ်ထံ ကြေညာခြင်းကို လွှဲအပ်သည်'),
    parties: [T('委托方', 'Principal', 'လွှဲအပ်သူ'), T('受托方', 'Customs broker', 'ကိုယ်စားလှယ်')],
    line: false,
    clauses: [
      T('委托方委托受托方办理下列货物的进出口报关手续。', 'The principal entrusts the customs broker with the import and export declaration of the goods below.', 'လွှဲအပ်သူသည် အောက်ဖော်ပြပါ ကုန်ပစ္စည်းများ၏ သွင်းကုန်၊ ပို့ကုန် အကောက်ခွန်ကြေညာခြင်းကို ကိုယ်စားလှယ်ထံ လွှဲအပ်သည်။'),
      T('委托方保证所提供的单证真实、完整、有效。', 'The principal warrants that the documents provided are true, complete and valid.', 'လွှဲအပ်သူသည် ပေးအပ်သော စာရွက်စာတမ်းများ မှန်ကန်၊ ပြည့်စုံပြီး တရားဝင်ကြောင်း အာမခံသည်။'),
      T('受托方按海关规定如实申报，并及时告知委托方报关结果。', 'The customs broker shall declare truthfully under customs rules and inform the principal of the result promptly.', 'ကိုယ်စားလှယ်သည် အကောက်ခွန် စည်းမျဉ်းများအတိုင်း မှန်ကန်စွာ ကြေညာပြီး ရလဒ်ကို လွှဲအပ်သူထံ အချိန်မီ အကြောင်းကြားရမည်။'),
      T('代理费用按合同金额结算。', 'The agency fee is settled at the contract amount.', 'ကိုယ်စားလှယ်ခကို စာချုပ်တန်ဖိုးအတိုင်း ရှင်းလင်းပေးချေရမည်။'),
    ],
  },
  purchase: {
    title: T('采购合同', 'Purchase Contract', 'ဝယ်ယူရေး စာချုပ်'),
    description: T('买卖双方货物采购合同', 'Goods purchase contract between buyer and seller', 'ဝယ်သူနှင့် ရောင်းသူကြား ကုန်ပစ္စည်း ဝယ်ယူရေး စာချုပ်'),
    parties: [T('买方', 'Buyer', 'ဝယ်သူ'), T('卖方', 'Seller', 'ရောင်းသူ')],
    line: false,
    clauses: [
      T('卖方按本合同约定的品名、数量和质量交付货物。', 'The seller shall deliver the goods in the name, quantity and quality agreed in this contract.', 'ရောင်းသူသည် ဤစာချုပ်တွင် သဘောတူထားသော အမည်၊ အရေအတွက်နှင့် အရည်အသွေးအတိုင်း ကုန်ပစ္စည်းများကို ပေးပို့ရမည်။'),
      T('买方按合同金额和币种付款。', 'The buyer shall pay the contract amount in the agreed currency.', 'ဝယ်သူသည် စာချုပ်တန်ဖိုးကို သဘောတူထားသော ငွေကြေးဖြင့် ပေးချေရမည်။'),
      T('货物经买方验收合格后风险转移。', 'Risk passes once the buyer has inspected and accepted the goods.', 'ဝယ်သူက ကုန်ပစ္စည်းများကို စစ်ဆေးလက်ခံပြီးနောက် အန္တရာယ်တာဝန် လွှဲပြောင်းသည်။'),
      T('因本合同发生的争议，双方协商解决；协商不成的，提交仲裁。', 'Disputes arising from this contract are settled by negotiation, failing which by arbitration.', 'ဤစာချုပ်မှ ပေါ်ပေါက်သော အငြင်းပွားမှုများကို ညှိနှိုင်းဖြေရှင်းရမည်ဖြစ်ပြီး မပြေလည်ပါက ခုံသမာဓိထံ တင်ပြရမည်။'),
    ],
  },
};

const PARTY_KEYS = ['partyA', 'partyB', 'partyC'];

/** The data fields a demo template of a kind has (its form's required fields). */
export function demoTemplateFields(kind: DemoTemplateKind): string[] {
  const k = KINDS[kind];
  return [
    'contract.no',
    ...k.parties.map((_, i) => `${PARTY_KEYS[i]}.name`),
    'contract.signedDate',
    'contract.effectiveDate',
    'contract.expiryDate',
    'contract.amount',
    'contract.currency',
    'goods',
    ...(k.line ? ['line'] : []),
  ];
}

export interface DemoTemplate {
  kind: DemoTemplateKind;
  lang: Lang;
  fileName: string;
  title: string;
  description: string;
  /** The data fields and the signature slot names (`signature.1`…). */
  fields: string[];
  signatureSlots: string[];
  pdf: Buffer;
}

// A4 portrait, points, pdfkit's top-left origin.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const X0 = 56;
const WIDTH = PAGE_W - 2 * X0;
const ROW = 24;
const FIELD_H = 16;

interface PlacedField {
  name: string;
  rect: Rect; // top-left origin
  multiline?: boolean;
}

/** One demo template (kind × language). */
export async function buildDemoTemplate(kind: DemoTemplateKind, lang: Lang): Promise<DemoTemplate> {
  const k = KINDS[kind];
  const title = k.title[lang];
  const { doc, done } = await openPdf({ Title: title, Subject: k.description[lang], Producer: 'contracts' }, lang === 'my');
  doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
  const placed: PlacedField[] = [];
  const labelW = lang === 'zh' ? 70 : lang === 'en' ? 100 : 150;

  setFont(doc, 18, true);
  put(doc, title, X0, 56, WIDTH, 'center');
  let y = 100;

  /** A label, and the field to its right over a thin line. */
  const row = (label: string, name: string, x: number, width: number, lw = labelW) => {
    setFont(doc, 10);
    put(doc, label, x, y + 3, lw - 6);
    doc.moveTo(x + lw, y + FIELD_H + 1).lineTo(x + width, y + FIELD_H + 1).lineWidth(0.5).strokeColor('#888888').stroke();
    placed.push({ name, rect: { x: x + lw, y, width: width - lw, height: FIELD_H } });
  };
  const half = (WIDTH - 16) / 2;

  row(LABELS.no[lang], 'contract.no', X0, half);
  row(LABELS.signedDate[lang], 'contract.signedDate', X0 + half + 16, half);
  y += ROW;
  k.parties.forEach((p, i) => {
    row(p[lang], `${PARTY_KEYS[i]}.name`, X0, WIDTH);
    y += ROW;
  });
  row(LABELS.effectiveDate[lang], 'contract.effectiveDate', X0, half);
  row(LABELS.expiryDate[lang], 'contract.expiryDate', X0 + half + 16, half);
  y += ROW;
  row(LABELS.amount[lang], 'contract.amount', X0, half);
  row(LABELS.currency[lang], 'contract.currency', X0 + half + 16, half);
  y += ROW;
  if (k.line) {
    row(LABELS.line[lang], 'line', X0, WIDTH);
    y += ROW;
  }
  setFont(doc, 10);
  put(doc, LABELS.goods[lang], X0, y + 3, labelW - 6);
  doc.rect(X0 + labelW, y, WIDTH - labelW, 48).lineWidth(0.5).strokeColor('#888888').stroke();
  placed.push({ name: 'goods', rect: { x: X0 + labelW, y, width: WIDTH - labelW, height: 48 }, multiline: true });
  y += 64;

  setFont(doc, 12, true);
  put(doc, LABELS.clauses[lang], X0, y, WIDTH);
  y += 22;
  setFont(doc, 10);
  const lh = doc.currentLineHeight(true) + 2;
  [...k.clauses, FINAL_CLAUSE].forEach((c, i) => {
    const lines = wrap(doc, `${i + 1}. ${c[lang]}`, WIDTH - 12);
    lines.forEach((line, j) => {
      put(doc, line, X0 + (j ? 12 : 0), y, WIDTH - (j ? 12 : 0));
      y += lh;
    });
    y += 4;
  });

  // The signature boxes: one per party, side by side at the foot of the page.
  const n = k.parties.length;
  const gap = 16;
  const boxW = (WIDTH - gap * (n - 1)) / n;
  const boxTop = Math.max(y + 24, PAGE_H - 220);
  const slots: PlacedField[] = [];
  k.parties.forEach((p, i) => {
    const x = X0 + i * (boxW + gap);
    setFont(doc, 10, true);
    put(doc, `${p[lang]}${LABELS.seal[lang]}`, x, boxTop, boxW);
    doc.rect(x, boxTop + 18, boxW, 110).lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#aaaaaa').stroke().undash();
    slots.push({ name: `signature.${i + 1}`, rect: { x, y: boxTop + 18, width: boxW, height: 110 } });
  });
  doc.end();

  const pdf = await PDFDocument.load(await done);
  const page = pdf.getPage(0);
  const form = pdf.getForm();
  const toPdf = (r: Rect) => ({ x: r.x, y: PAGE_H - r.y - r.height, width: r.width, height: r.height });
  for (const f of placed) {
    const field = form.createTextField(f.name);
    if (f.multiline) field.enableMultiline();
    field.addToPage(page, { ...toPdf(f.rect), borderWidth: 0, backgroundColor: undefined, borderColor: undefined });
    field.setFontSize(f.multiline ? 9 : 10);
  }
  addSignatureFields(pdf, page, slots.map((s) => ({ ...s, rect: toPdf(s.rect) })));
  pdf.catalog.set(PDFName.of('Lang'), PDFString.of(lang === 'zh' ? 'zh-CN' : lang));
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return {
    kind,
    lang,
    fileName: `${kind}-${lang}.pdf`,
    title,
    description: k.description[lang],
    fields: placed.map((f) => f.name),
    signatureSlots: slots.map((s) => s.name),
    pdf: bytes,
  };
}

/**
 * Empty signature fields (/FT /Sig) named `signature.<n>`: a parent field `signature` whose
 * kids are the widgets `1`, `2`, … (a field name's parts may not contain a period).
 */
function addSignatureFields(pdf: PDFDocument, page: PDFPage, slots: { name: string; rect: Rect }[]): void {
  const ctx = pdf.context;
  const kids = ctx.obj([]);
  const parentRef = ctx.register(ctx.obj({ T: PDFString.of('signature'), Kids: kids }));
  for (const s of slots) {
    const { x, y, width, height } = s.rect;
    const widget = ctx.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: PDFString.of(s.name.split('.')[1]),
      Rect: [x, y, x + width, y + height],
      F: 4,
      P: page.ref,
      Parent: parentRef,
    });
    const ref = ctx.register(widget);
    kids.push(ref);
    page.node.addAnnot(ref);
  }
  pdf.getForm().acroForm.addField(parentRef);
}

/** All demo templates: every kind in every language. */
export async function demoTemplates(): Promise<DemoTemplate[]> {
  const out: DemoTemplate[] = [];
  for (const kind of DEMO_TEMPLATE_KINDS) for (const lang of ['zh', 'en', 'my'] as Lang[]) out.push(await buildDemoTemplate(kind, lang));
  return out;
}

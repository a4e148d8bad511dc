// The printed declaration in the layout of the official 中华人民共和国海关进口/出口货物报关单
// (A4 portrait): the header grid, the goods table and the signature footer on every page, the
// goods continuing page after page. pdfkit writes it: it subsets CFF (OpenType) CJK fonts
// correctly (pdf-lib's subsetter produces font programs that viewers reject) and measures text,
// so the layout below is plain arithmetic. The font is Noto Sans SC from @embedpdf/fonts-sc,
// embedded as a subset of the glyphs used, so a one-page declaration is about 130 KB.
// Burmese (the sub-labels of a Burmese user's printout, and Burmese text in the data) is
// drawn in Noto Sans Myanmar, shaped by HarfBuzz (core/pdf/myanmar.server.ts).
import type { TFunction } from 'i18next';
import type { Lang } from '@core/shared';
import { draw, fit, hasMyanmar, openPdf, put, setFont, textWidth, wrap, type PdfDoc as Doc } from '@core/server';
import { codeName, plainNumber, text, type CodeKind, type CodeNames, type PrintDeclaration, type PrintGoods } from './printable';

// ---- Geometry (points; A4 portrait) --------------------------------------------------------

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const X0 = 28;
const WIDTH = PAGE_W - 2 * X0;
const TOP = 26;
const BOTTOM = PAGE_H - 24;

const LABEL_SIZE = 6.5;
const EN_SIZE = 5;
const VALUE_SIZE = 8.5;
const GOODS_SIZE = 7.5;
/** One text line of the goods table. */
const LINE = 10;
const ITEM_PAD = 5;
/** Lines of 规格型号 shown at most (the rest ends in …), so one line never outgrows a page. */
const MAX_SPEC_LINES = 8;

const HEADER_ROW_H = 27;
const DOCS_ROW_H = 24;
const MARKS_ROW_H = 38;
const GOODS_HEAD_H = 22;
const FOOTER_H = 96;

const GRID_TOP = TOP + 44;
const GOODS_TOP = GRID_TOP + 5 * HEADER_ROW_H + DOCS_ROW_H + MARKS_ROW_H;
const BODY_TOP = GOODS_TOP + GOODS_HEAD_H;
const FOOTER_TOP = BOTTOM - FOOTER_H;
const BODY_H = FOOTER_TOP - BODY_TOP;

/** Goods lines a page holds when their 规格型号 fits on one line (the usual case). */
export const GOODS_PER_PAGE = Math.floor(BODY_H / (3 * LINE + ITEM_PAD));

// ---- Labels --------------------------------------------------------------------------------

interface Label {
  zh: string;
  en: string;
  my: string;
}
const L = (zh: string, en: string, my: string): Label => ({ zh, en, my });

/** The labels that differ between the import and the export form. */
function formLabels(importing: boolean) {
  return importing
    ? {
        title: L('中华人民共和国海关进口货物报关单', 'IMPORT GOODS DECLARATION OF THE CUSTOMS OF THE PEOPLE\'S REPUBLIC OF CHINA', 'တရုတ်ပြည်သူ့သမ္မတနိုင်ငံ အကောက်ခွန် သွင်းကုန်ကြေညာလွှာ'),
        consignor: L('境内收货人', 'Domestic consignee', 'ပြည်တွင်း ကုန်လက်ခံသူ'),
        customs: L('进境关别', 'Customs of entry', 'ဝင်ရောက်ရာ အကောက်ခွန်ဌာန'),
        date: L('进口日期', 'Date of import', 'သွင်းကုန် နေ့စွဲ'),
        overseas: L('境外发货人', 'Overseas consignor', 'နိုင်ငံခြား ကုန်ပို့သူ'),
        owner: L('消费使用单位', 'Consumer', 'သုံးစွဲသူ အဖွဲ့အစည်း'),
        depart: L('启运国（地区）', 'Country of departure', 'စတင်တင်ပို့သည့် နိုင်ငံ (ဒေသ)'),
        port: L('经停港', 'Port of call', 'ဖြတ်သန်းရပ်နားသည့် ဆိပ်ကမ်း'),
        border: L('入境口岸', 'Port of entry', 'ဝင်ရောက်ရာ နယ်စပ်ဂိတ်'),
        domestic: L('境内目的地', 'Domestic destination', 'ပြည်တွင်း ဦးတည်ရာ'),
      }
    : {
        title: L('中华人民共和国海关出口货物报关单', 'EXPORT GOODS DECLARATION OF THE CUSTOMS OF THE PEOPLE\'S REPUBLIC OF CHINA', 'တရုတ်ပြည်သူ့သမ္မတနိုင်ငံ အကောက်ခွန် ပို့ကုန်ကြေညာလွှာ'),
        consignor: L('境内发货人', 'Domestic consignor', 'ပြည်တွင်း ကုန်ပို့သူ'),
        customs: L('出境关别', 'Customs of exit', 'ထွက်ခွာရာ အကောက်ခွန်ဌာန'),
        date: L('出口日期', 'Date of export', 'ပို့ကုန် နေ့စွဲ'),
        overseas: L('境外收货人', 'Overseas consignee', 'နိုင်ငံခြား ကုန်လက်ခံသူ'),
        owner: L('生产销售单位', 'Producer / seller', 'ထုတ်လုပ်ရောင်းချသူ အဖွဲ့အစည်း'),
        depart: L('运抵国（地区）', 'Country of destination', 'ဆိုက်ရောက်မည့် နိုင်ငံ (ဒေသ)'),
        port: L('指运港', 'Port of destination', 'ဦးတည်ဆိပ်ကမ်း'),
        border: L('离境口岸', 'Port of exit', 'ထွက်ခွာရာ နယ်စပ်ဂိတ်'),
        domestic: L('境内货源地', 'Domestic source', 'ပြည်တွင်း ကုန်ရင်းမြစ်'),
      };
}

// ---- Drawing helpers -----------------------------------------------------------------------


interface Ctx {
  doc: Doc;
  /** Sub-labels under the Chinese ones: English (en) or Burmese (my); none for zh. */
  english: boolean;
  lang: Lang;
}

/** The sub-label of a label in the printout's language. */
const subLabel = (ctx: Ctx, l: Label) => (ctx.lang === 'my' ? l.my : l.en);

/** A label (Chinese, with the English or Burmese after it in small type on en/my printouts). */
function label(ctx: Ctx, l: Label, x: number, y: number, width: number, extra = ''): void {
  const { doc } = ctx;
  setFont(doc, LABEL_SIZE);
  const zh = fit(doc, l.zh + extra, width);
  draw(doc, zh, x, y);
  if (!ctx.english) return;
  const used = textWidth(doc, zh) + 3;
  setFont(doc, EN_SIZE);
  if (width - used > 12) put(doc, subLabel(ctx, l), x + used, y + 1.2, width - used);
}

interface Cell {
  label: Label;
  /** Printed right after the label (a party's code). */
  extra?: string;
  value: string;
  /** Share of the row's width. */
  w: number;
}

function cellRow(ctx: Ctx, y: number, h: number, cells: Cell[]): void {
  const { doc } = ctx;
  const total = cells.reduce((s, c) => s + c.w, 0);
  let x = X0;
  for (const c of cells) {
    const w = (WIDTH * c.w) / total;
    doc.rect(x, y, w, h).stroke();
    label(ctx, c.label, x + 2.5, y + 2, w - 5, c.extra ? `（${c.extra}）` : '');
    setFont(doc, VALUE_SIZE);
    const lines = wrap(doc, c.value, w - 6).filter((l, i) => l || i === 0);
    const room = Math.max(1, Math.floor((h - 11) / 10.5));
    lines.slice(0, room).forEach((l, i) => put(doc, i === room - 1 && lines.length > room ? `${l}…` : l, x + 3, y + 11 + i * 10.5, w - 6));
    x += w;
  }
}

// ---- The form ------------------------------------------------------------------------------

type Names = CodeNames | undefined;

/** "瑞丽海关(8613)", or the code alone when its name is unknown. */
function named(names: Names, kind: CodeKind, code: unknown): string {
  const c = text(code);
  const n = codeName(names, kind, c);
  return n ? `${n}(${c})` : c;
}

function headerRows(decl: PrintDeclaration, t: TFunction, names: Names, importing: boolean): { cells: Cell[]; h: number }[] {
  const f = formLabels(importing);
  const v = (k: string) => text(decl[k]);
  const transport = [v('transportName'), v('voyageNo')].filter(Boolean).join('/');
  const docs = (decl.documents ?? []).map((d) => [t(`customs:declarations.doc.types.${d.docType}`, { lng: 'zh', defaultValue: d.docType }), d.docNo].filter(Boolean).join('：')).join('；');
  const marks = [v('markingCode'), v('remark') && `备注：${v('remark')}`].filter(Boolean).join('    ');
  const wide = 0.3;
  const narrow = 0.175;
  const row = (...cells: Cell[]) => ({ h: HEADER_ROW_H, cells });
  return [
    row(
      { label: f.consignor, extra: v('consignorCreditCode') || v('consignorCustomsCode'), value: v('consignorName'), w: wide },
      { label: f.customs, value: named(names, 'customs', decl.ieCustoms), w: narrow },
      { label: f.date, value: v('ieDate'), w: narrow },
      { label: L('申报日期', 'Declaration date', 'ကြေညာသည့် နေ့စွဲ'), value: v('declDate'), w: narrow },
      { label: L('备案号', 'Record No.', 'မှတ်ပုံတင် အမှတ်'), value: v('recordNo'), w: narrow },
    ),
    row(
      { label: f.overseas, extra: v('overseasCode'), value: v('overseasName'), w: wide },
      { label: L('运输方式', 'Mode of transport', 'သယ်ယူပို့ဆောင်မှု နည်းလမ်း'), value: named(names, 'transportMode', decl.transportMode), w: narrow },
      { label: L('运输工具名称及航次号', 'Means of transport & voyage', 'ယာဉ်အမည်နှင့် ခရီးစဉ်အမှတ်'), value: transport, w: narrow },
      { label: L('提运单号', 'B/L No.', 'ကုန်တင်လက်မှတ် အမှတ်'), value: v('billNo'), w: narrow },
      { label: L('货物存放地点', 'Place of storage', 'ကုန်ပစ္စည်း သိုလှောင်ရာနေရာ'), value: v('storagePlace'), w: narrow },
    ),
    row(
      { label: f.owner, extra: v('ownerCreditCode'), value: v('ownerName'), w: wide },
      { label: L('监管方式', 'Supervision mode', 'ကြီးကြပ်မှု ပုံစံ'), value: named(names, 'tradeMode', decl.supervisionMode), w: narrow },
      { label: L('征免性质', 'Levy nature', 'အခွန်ကောက်ခံမှု သဘော'), value: named(names, 'levyNature', decl.levyNature), w: narrow },
      { label: L('许可证号', 'Licence No.', 'လိုင်စင် အမှတ်'), value: v('permitNo'), w: narrow },
      importing
        ? { label: L('启运港', 'Port of departure', 'စတင်ထွက်ခွာသည့် ဆိပ်ကမ်း'), value: '', w: narrow }
        : { label: L('申报地海关', 'Customs of declaration', 'ကြေညာရာ အကောက်ခွန်ဌာန'), value: named(names, 'customs', decl.declCustoms), w: narrow },
    ),
    row(
      { label: L('合同协议号', 'Contract No.', 'စာချုပ် အမှတ်'), value: v('contractNo'), w: wide },
      { label: L('贸易国（地区）', 'Trading country', 'ကုန်သွယ်ဖက် နိုင်ငံ (ဒေသ)'), value: named(names, 'country', decl.tradeCountry), w: narrow },
      { label: f.depart, value: named(names, 'country', decl.departCountry), w: narrow },
      { label: f.port, value: named(names, 'port', decl.portOfCall), w: narrow },
      { label: f.border, value: named(names, 'port', decl.entryPort), w: narrow },
    ),
    row(
      { label: L('包装种类', 'Kind of packages', 'ထုပ်ပိုးမှု အမျိုးအစား'), value: named(names, 'packageType', decl.packageType), w: 0.2 },
      { label: L('件数', 'Packages', 'အထုပ်အရေအတွက်'), value: v('packCount'), w: 0.09 },
      { label: L('毛重(千克)', 'Gross wt. (kg)', 'စုစုပေါင်းအလေးချိန် (ကီလို)'), value: plainNumber(decl.grossWeight), w: 0.12 },
      { label: L('净重(千克)', 'Net wt. (kg)', 'အသားတင်အလေးချိန် (ကီလို)'), value: plainNumber(decl.netWeight), w: 0.12 },
      { label: L('成交方式', 'Terms', 'ရောင်းဝယ်မှု စည်းကမ်း'), value: named(names, 'transactionMode', decl.transactionMode), w: 0.11 },
      { label: L('运费', 'Freight', 'သယ်ယူခ'), value: v('freight'), w: 0.12 },
      { label: L('保费', 'Insurance', 'အာမခံကြေး'), value: v('insurance'), w: 0.12 },
      { label: L('杂费', 'Other charges', 'အခြား ကုန်ကျစရိတ်'), value: v('otherCharges'), w: 0.12 },
    ),
    { h: DOCS_ROW_H, cells: [{ label: L('随附单证及编号', 'Documents attached', 'ပူးတွဲစာရွက်စာတမ်းနှင့် အမှတ်'), value: docs, w: 1 }] },
    { h: MARKS_ROW_H, cells: [{ label: L('标记唛码及备注', 'Marks & remarks', 'အမှတ်အသားနှင့် မှတ်ချက်'), value: marks, w: 1 }] },
  ];
}

/** The goods table's columns: share of the width, label. */
function goodsColumns(importing: boolean): { w: number; label: Label }[] {
  return [
    { w: 0.045, label: L('项号', 'No.', 'စဉ်') },
    { w: 0.095, label: L('商品编号', 'HS code', 'HS ကုဒ်') },
    { w: 0.29, label: L('商品名称及规格型号', 'Description & specification', 'ကုန်ပစ္စည်းအမည်နှင့် အမျိုးအစား') },
    { w: 0.13, label: L('数量及单位', 'Quantity & unit', 'အရေအတွက်နှင့် ယူနစ်') },
    { w: 0.12, label: L('单价/总价/币制', 'Price / total / currency', 'ဈေးနှုန်း/စုစုပေါင်း/ငွေကြေး') },
    { w: 0.085, label: L('原产国\n（地区）', 'Origin', 'မူလနိုင်ငံ') },
    { w: 0.085, label: L('最终目的国\n（地区）', 'Final destination', 'နောက်ဆုံးဦးတည်နိုင်ငံ') },
    { w: 0.085, label: formLabels(importing).domestic },
    { w: 0.065, label: L('征免', 'Duty', 'အခွန်') },
  ];
}

interface PlacedItem {
  goods: PrintGoods;
  spec: string[];
  h: number;
}

/** Goods lines measured and shared out over pages (always at least one page). */
function paginate(doc: Doc, goods: PrintGoods[], specWidth: number): PlacedItem[][] {
  setFont(doc, GOODS_SIZE);
  const pages: PlacedItem[][] = [[]];
  let used = 0;
  for (const g of goods) {
    let spec = wrap(doc, text(g.specModel), specWidth).filter(Boolean);
    if (spec.length > MAX_SPEC_LINES) spec = [...spec.slice(0, MAX_SPEC_LINES - 1), fit(doc, `${spec[MAX_SPEC_LINES - 1]}…`, specWidth)];
    const h = Math.max(3, 1 + spec.length) * LINE + ITEM_PAD;
    if (used + h > BODY_H && pages[pages.length - 1].length) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1].push({ goods: g, spec, h });
    used += h;
  }
  return pages;
}

function goodsTable(ctx: Ctx, items: PlacedItem[], t: TFunction, names: Names, importing: boolean): void {
  const { doc } = ctx;
  const cols = goodsColumns(importing);
  const xs: number[] = [];
  let x = X0;
  for (const c of cols) {
    xs.push(x);
    x += WIDTH * c.w;
  }
  const width = (i: number) => WIDTH * cols[i].w - 4;
  doc.rect(X0, GOODS_TOP, WIDTH, FOOTER_TOP - GOODS_TOP).stroke();
  doc.moveTo(X0, BODY_TOP).lineTo(X0 + WIDTH, BODY_TOP).stroke();
  cols.forEach((c, i) => {
    setFont(doc, LABEL_SIZE);
    const zh = wrap(doc, c.label.zh, width(i)).slice(0, 2);
    const lines = zh.length + (ctx.english ? 1 : 0);
    let ly = GOODS_TOP + (GOODS_HEAD_H - lines * 7) / 2;
    for (const l of zh) {
      put(doc, l, xs[i] + 2, ly, width(i), 'center');
      ly += 7;
    }
    if (ctx.english) {
      setFont(doc, EN_SIZE);
      put(doc, subLabel(ctx, c.label), xs[i] + 2, ly + 0.5, width(i), 'center');
    }
  });

  let y = BODY_TOP;
  setFont(doc, GOODS_SIZE);
  items.forEach((item, n) => {
    const g = item.goods;
    const top = y + ITEM_PAD / 2 + 1;
    const at = (col: number, line: number, s: string, align: 'left' | 'right' | 'center' = 'left') => put(doc, s, xs[col] + 2, top + line * LINE, width(col), align);
    const qty = (q: unknown, unit: unknown) => (text(q) ? `${plainNumber(q)}${codeName(names, 'unit', unit) || text(unit)}` : '');
    const country = (code: unknown) => codeName(names, 'country', code);
    at(0, 0, String(g.itemNo), 'center');
    at(1, 0, text(g.hsCode));
    at(2, 0, text(g.goodsName));
    item.spec.forEach((s, i) => at(2, i + 1, s));
    // 数量及单位: 法定第一数量, 法定第二数量, 成交数量 (the official order).
    at(3, 0, qty(g.legalQty1, g.legalUnit1), 'right');
    at(3, 1, qty(g.legalQty2, g.legalUnit2), 'right');
    at(3, 2, qty(g.qty, g.unit), 'right');
    at(4, 0, text(g.unitPrice), 'right');
    at(4, 1, text(g.totalPrice), 'right');
    at(4, 2, codeName(names, 'currency', g.currency) || text(g.currency), 'right');
    at(5, 0, country(g.originCountry) || text(g.originCountry), 'center');
    if (country(g.originCountry)) at(5, 1, `(${text(g.originCountry)})`, 'center');
    at(6, 0, country(g.destCountry) || text(g.destCountry), 'center');
    if (country(g.destCountry)) at(6, 1, `(${text(g.destCountry)})`, 'center');
    if (g.dutyMode) {
      const duty = t(`customs:declarations.dutyModes.${g.dutyMode}`, { lng: 'zh', defaultValue: text(g.dutyMode) });
      wrap(doc, duty, width(8)).slice(0, 3).forEach((l, i) => at(8, i, l, 'center'));
    }
    y += item.h;
    if (n < items.length - 1) {
      doc.save().lineWidth(0.3).dash(1.5, { space: 1.5 }).moveTo(X0, y).lineTo(X0 + WIDTH, y).stroke().undash().restore();
    }
  });
}

function footer(ctx: Ctx, decl: PrintDeclaration): void {
  const { doc } = ctx;
  const y = FOOTER_TOP;
  const confirmH = 14;
  const left = WIDTH * 0.64;
  doc.rect(X0, y, WIDTH, confirmH).stroke();
  const confirms = [L('特殊关系确认：', 'Special relationship:', 'အထူးဆက်နွယ်မှု အတည်ပြုချက်:'), L('价格影响确认：', 'Price influence:', 'ဈေးနှုန်းသက်ရောက်မှု အတည်ပြုချက်:'), L('支付特许权使用费确认：', 'Royalties:', 'မူပိုင်ခွင့်ခ ပေးချေမှု အတည်ပြုချက်:'), L('自报自缴：', 'Self-assessment:', 'ကိုယ်တိုင်ကြေညာ ကိုယ်တိုင်ပေးဆောင်:')];
  confirms.forEach((c, i) => label(ctx, c, X0 + 4 + (i * WIDTH) / 4, y + 4, WIDTH / 4 - 8));

  const by = y + confirmH;
  const bh = FOOTER_H - confirmH;
  doc.rect(X0, by, left, bh).stroke();
  doc.rect(X0 + left, by, WIDTH - left, bh).stroke();
  const third = left / 3;
  label(ctx, L('报关人员', 'Declarant', 'အကောက်ခွန်ကြေညာသူ'), X0 + 4, by + 4, third - 8);
  label(ctx, L('报关人员证号', 'Declarant No.', 'ကြေညာသူ လက်မှတ်အမှတ်'), X0 + 4 + third, by + 4, third - 8);
  label(ctx, L('电话', 'Tel.', 'ဖုန်း'), X0 + 4 + 2 * third, by + 4, third - 8);
  label(ctx, L('兹申明对以上内容承担如实申报、依法纳税之法律责任', 'We declare the above true and accept the legal duty to pay tax', 'အထက်ပါအချက်များကို မှန်ကန်စွာကြေညာပြီး ဥပဒေအရ အခွန်ပေးဆောင်ရန် တာဝန်ယူပါသည်'), X0 + 4, by + 20, left - 8);
  label(ctx, L('申报单位', 'Declaring unit', 'ကြေညာသည့် အဖွဲ့အစည်း'), X0 + 4, by + 38, 40);
  setFont(doc, VALUE_SIZE);
  const agent = [text(decl.agentName), text(decl.agentCreditCode) && `（${text(decl.agentCreditCode)}）`].join('');
  put(doc, agent, X0 + 48, by + 36, left - 56);
  label(ctx, L('申报单位（签章）', 'Declaring unit (seal)', 'ကြေညာသည့် အဖွဲ့အစည်း (တံဆိပ်)'), X0 + left / 2, by + bh - 14, left / 2 - 8);
  label(ctx, L('海关批注及签章', 'Customs endorsement & seal', 'အကောက်ခွန် မှတ်ချက်နှင့် တံဆိပ်'), X0 + left + 4, by + 4, WIDTH - left - 8);
}

function page(ctx: Ctx, decl: PrintDeclaration, t: TFunction, names: Names, items: PlacedItem[], pageNo: number, pages: number): void {
  const { doc } = ctx;
  const importing = text(decl.ieFlag) !== 'E';
  const f = formLabels(importing);
  doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
  doc.lineWidth(0.6).strokeColor('#000').fillColor('#000');

  setFont(doc, 15, true);
  put(doc, f.title.zh, X0, TOP, WIDTH, 'center');
  if (ctx.english) {
    setFont(doc, 6.5);
    put(doc, subLabel(ctx, f.title), X0, TOP + 20, WIDTH, 'center');
  }

  // 预录入编号, 海关编号, 统一编号 one after the other, never cut; English sub-labels when they fit.
  const infoY = GRID_TOP - 11;
  const infos = [
    { l: L('预录入编号：', 'Pre-entry No.', 'ကြိုတင်စာရင်းသွင်း အမှတ်'), value: text(decl.preEntryNo), min: 80 },
    { l: L('海关编号：', 'Customs No.', 'အကောက်ခွန် အမှတ်'), value: text(decl.entryNo), min: 80 },
    { l: L('统一编号：', 'Unified No.', 'ပေါင်းစည်း အမှတ်'), value: text(decl.seqNo), min: 0 },
  ];
  const labelW = (l: Label, english: boolean) => {
    setFont(doc, LABEL_SIZE);
    const zh = doc.widthOfString(l.zh);
    setFont(doc, EN_SIZE);
    return english ? zh + textWidth(doc, subLabel(ctx, l)) + 3 : zh;
  };
  const valueW = (v: string) => {
    setFont(doc, 8);
    return textWidth(doc, v);
  };
  const lineW = (english: boolean) => infos.reduce((sum, i) => sum + labelW(i.l, english) + Math.max(i.min, valueW(i.value)) + 14, 0);
  const infoEnglish = ctx.english && lineW(true) < WIDTH - 150;
  let ix = X0;
  for (const i of infos) {
    label({ ...ctx, english: infoEnglish }, i.l, ix, infoY + 1, labelW(i.l, infoEnglish) + 2);
    ix += labelW(i.l, infoEnglish) + 2;
    setFont(doc, 8);
    draw(doc, i.value, ix, infoY);
    ix += Math.max(i.min, valueW(i.value)) + 12;
  }

  // Right: (申报地海关) 页码/页数：n/m, laid out from the right edge.
  const declCustoms = codeName(names, 'customs', decl.declCustoms);
  const pageText = `${pageNo}/${pages}`;
  setFont(doc, 8);
  let right = X0 + WIDTH - doc.widthOfString(pageText);
  draw(doc, pageText, right, infoY);
  setFont(doc, LABEL_SIZE);
  right -= doc.widthOfString('页码/页数：');
  draw(doc, '页码/页数：', right, infoY + 1);
  if (declCustoms) {
    setFont(doc, 8);
    right -= doc.widthOfString(`（${declCustoms}）`) + 6;
    draw(doc, `（${declCustoms}）`, right, infoY);
  }

  let y = GRID_TOP;
  for (const r of headerRows(decl, t, names, importing)) {
    cellRow(ctx, y, r.h, r.cells);
    y += r.h;
  }
  goodsTable(ctx, items, t, names, importing);
  footer(ctx, decl);
  doc.lineWidth(1.2).rect(X0, GRID_TOP, WIDTH, BOTTOM - GRID_TOP).stroke().lineWidth(0.6);
}

/** The declaration as a PDF in the official layout (Chinese labels; English sub-labels for en, Burmese for my). */
export async function renderDeclarationPdf(decl: PrintDeclaration, t: TFunction, lang: Lang, names?: CodeNames): Promise<Uint8Array<ArrayBuffer>> {
  // The Myanmar font only when something Burmese is printed (a Burmese user, or Burmese data).
  const myanmar = lang === 'my' || hasMyanmar(JSON.stringify(decl)) || hasMyanmar(JSON.stringify(names ?? {}));
  const { doc, done } = await openPdf({ Title: `${text(decl.seqNo)}`, Subject: text(decl.ieFlag) === 'E' ? '出口货物报关单' : '进口货物报关单', Creator: 'port-platform' }, myanmar);
  const ctx: Ctx = { doc, english: lang !== 'zh', lang };
  const specWidth = WIDTH * goodsColumns(true)[2].w - 4;
  const pages = paginate(doc, decl.goods ?? [], specWidth);
  pages.forEach((items, i) => page(ctx, decl, t, names, items, i + 1, pages.length));
  doc.end();
  return done;
}

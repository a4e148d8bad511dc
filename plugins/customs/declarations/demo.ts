// Demo declarations (seeded once, afterwards the users'): made by the demo broker through the
// declaration service, submitted on the screen's transition and moved by customs receipts, so
// a new installation shows one in each state — draft, submitted, accepted, under inspection,
// released, and rejected with customs' reason — with Myanmar goods through Ruili/Muse.
import { demoActor, demoDataSeed, type Row } from '@core/server';
import { demoDocument, type DemoReceipt } from '../demo.server';
import { declarationReceipts, declarationResource } from './declaration.server';
import { goodsLine, importDeclaration } from './fixtures';

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

const rice = goodsLine({
  hsCode: '1006301000',
  goodsName: '籼米精米',
  ciqName: '大米',
  elements: { '1': '籼米精米', '2': '0', '3': '0', '4': '非种用', '5': '籼米', '6': '精米', '7': '长粒', '8': '50千克/袋' },
  qty: '50000',
  unitPrice: '0.5500',
  totalPrice: '27500.00',
  legalQty1: '50000',
});
const rubber = goodsLine({
  hsCode: '4001220000',
  goodsName: '技术分类天然橡胶',
  ciqName: '天然橡胶',
  elements: { '1': '天然橡胶', '2': '0', '3': '0', '4': '颗粒胶（TSNR 20）', '5': 'TSNR 20', '6': '35千克/块' },
  qty: '20160',
  unitPrice: '1.6700',
  totalPrice: '33667.20',
  legalQty1: '20160',
});
const teak = goodsLine({
  hsCode: '4403491000',
  goodsName: '柚木原木',
  ciqName: '柚木',
  elements: { '1': '柚木原木', '2': '0', '3': '0', '4': '柚木 Tectona grandis', '5': '截面≥30厘米，长4米' },
  qty: '36',
  unit: '033',
  unitPrice: '600.0000',
  totalPrice: '21600.00',
  legalQty1: '36',
  legalUnit1: '033',
});
const jade = goodsLine({
  hsCode: '7103991000',
  goodsName: '翡翠手镯',
  ciqName: '翡翠',
  elements: { '1': '翡翠', '2': '0', '3': '0', '4': '硬玉', '5': '切割抛光' },
  qty: '12.5',
  unitPrice: '3200.0000',
  totalPrice: '40000.00',
  legalQty1: '12.5',
});
const phones = goodsLine({
  hsCode: '8517130000',
  goodsName: '智能手机',
  ciqName: '手机',
  elements: { '1': '智能手机', '2': '1', '3': '0', '4': '通讯', '5': '通话、上网', '7': 'Redmi', '8': 'Note 13' },
  qty: '2000',
  unit: '001',
  unitPrice: '95.0000',
  totalPrice: '190000.00',
  originCountry: 'CN',
  destCountry: 'MM',
  legalQty1: '2000',
  legalUnit1: '001',
});
const cement = goodsLine({
  hsCode: '2523290000',
  goodsName: '普通硅酸盐水泥',
  ciqName: '水泥',
  elements: { '1': '硅酸盐水泥', '2': '0', '3': '0', '4': '建筑用', '5': 'P.O 42.5' },
  qty: '60000',
  unitPrice: '0.0600',
  totalPrice: '3600.00',
  originCountry: 'CN',
  destCountry: 'MM',
  legalQty1: '60000',
});

/** An export to Myanmar through Ruili (the fixture is an import). */
const exportDeclaration = (over: Row): Row =>
  importDeclaration({
    ieFlag: 'E',
    consignorName: '德宏边境贸易有限公司',
    overseasCode: 'MM-0088',
    overseasName: 'Mandalay Star Trading Co., Ltd.',
    departCountry: 'MM',
    tradeCountry: 'MM',
    transportName: '云N58210',
    ...over,
  });

export const declarationsDemo = demoDataSeed('declarations-demo', async (knex, { registry }) => {
  const broker = await demoActor(knex, registry, 'broker');
  if (!broker || !(await knex('cus_enterprise').where({ user_id: broker.user.id }).first())) return;
  // The trader's approved import order (orders demo): declarations made for it show on the trader's list too.
  const order = await knex('cus_service_order').where({ status: 'inProgress', decl_type: 'I', broker_enterprise_id: (await knex('cus_enterprise').where({ user_id: broker.user.id }).first()).id }).first('id');
  const forOrder = order ? { serviceOrderId: Number(order.id) } : {};
  const demo = (input: Row, receipts: DemoReceipt[] | null) => demoDocument(knex, declarationResource, broker, input, { submit: receipts !== null, receipts: receipts ?? [], targets: [declarationReceipts] });

  await demo(importDeclaration({ ...forOrder, contractNo: 'MM-CN-2026-015', ieDate: daysAgo(0), billNo: 'MSE-RL-0115-01', transportName: '滇N58210', grossWeight: '50250', netWeight: '50000', packCount: 1000, goods: [rice] }), null);
  await demo(importDeclaration({ ...forOrder, contractNo: 'MM-CN-2026-012', ieDate: daysAgo(1), billNo: 'MSE-RL-0112-01', transportName: '滇N36518', grossWeight: '20160', netWeight: '20160', packCount: 400, goods: [rubber] }), []);
  await demo(importDeclaration({ contractNo: 'MM-CN-2026-013', ieDate: daysAgo(1), billNo: 'MSE-RL-0112-02', transportName: '滇N36518', grossWeight: '28800', netWeight: '28800', packCount: 36, packageType: '99', goods: [teak] }), [{ code: 'ACCEPTED', message: '海关已接受申报' }]);
  await demo(importDeclaration({ ...forOrder, contractNo: 'MM-CN-2026-009', ieDate: daysAgo(5), billNo: 'RL20261103009', transportName: '滇N12345', grossWeight: '15', netWeight: '12.5', packCount: 5, goods: [jade] }), [
    { code: 'ACCEPTED', message: '海关已接受申报' },
    { code: 'INSPECTION', message: '查验完毕' },
    { code: 'RELEASED', message: '海关放行' },
  ]);
  await demo(exportDeclaration({ contractNo: 'CN-MM-2026-021', ieDate: daysAgo(2), billNo: 'RL-EXP-0108-01', grossWeight: '1200', netWeight: '1000', packCount: 100, goods: [phones] }), [
    { code: 'REJECTED', message: '申报单价明显低于同期同类商品成交价格，请核实价格后重新申报' },
  ]);
  await demo(exportDeclaration({ contractNo: 'CN-MM-2026-024', ieDate: daysAgo(0), billNo: 'RL-EXP-0120-01', grossWeight: '60300', netWeight: '60000', packCount: 1200, goods: [cement] }), [
    { code: 'ACCEPTED', message: '海关已接受申报' },
    { code: 'INSPECTION', message: '布控查验：请于姐告监管区配合查验' },
  ]);
});

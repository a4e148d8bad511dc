// Seeded once per database: the customs brokers' role (customs_admin) gets this area's menus
// and permissions (declared grants), a draft pre-allocated manifest and arrival report to look at, and the
// documents of every other screen of the area (manifestsDocumentsDemo).
import type { Knex } from 'knex';
import type { GrantDef, Seed } from '@core/shared';
import { CUSTOMS_DECLARE_MENU, DOCUMENTS, documentPermissionDefs, menuKey } from './document';
import { nextDocNo } from './document.server';
import { demoActor, demoDataSeed, type Row, type ServerResource } from '@core/server';
import { demoDocument } from '../demo.server';
import { manifestReceiptTargets, originalManifestResource } from './manifest.server';
import { arrivalReportResource, reportReceiptTargets, tallyReportResource, vehicleConfirmResource } from './report.server';

/** The customs brokers' role gets this area's menus and permissions. */
export const manifestsGrants: GrantDef[] = [
  { role: 'customs_admin', menus: [CUSTOMS_DECLARE_MENU, ...DOCUMENTS.map(menuKey)], permissions: DOCUMENTS.flatMap(documentPermissionDefs).map((d) => d.code) },
];

async function demoManifest(knex: Knex, now: Date): Promise<void> {
  const stamps = { created_at: now, updated_at: now, version: 1 };
  const [id] = await knex('cus_manifest').insert({
    kind: 'pre',
    doc_no: await nextDocNo(knex, 'cus_manifest', 'preManifest', now),
    status: 'draft',
    order_no: 'DEMO-ORDER-001',
    batch_no: 'RL20250001',
    carrier_code: 'RLTRANS01',
    customs_code: '8613',
    transport_mode: '4',
    place_code: 'CNRUL',
    loading_time: now,
    filing_customs: '8613',
    enterprise_code: '5333960001',
    transferor_name: '姐告报关行',
    remarks: null,
    ...stamps,
  });
  const [billId] = await knex('cus_manifest_bill').insert({
    manifest_id: Number(id),
    seq: 1,
    bill_no: 'RLB0001',
    clearance_code: 'RL01',
    total_pieces: 120,
    gross_weight: '2400.000',
    cargo_value: '36000.00',
    currency: 'USD',
    consignee_name: 'Myanmar Trading Co., Ltd.',
    carriage_terms: 'CY-CY',
    freight_payment: 'PP',
    package_type: '22',
    volume: '18.500',
    lcl_code: null,
  });
  await knex('cus_manifest_contact').insert({ manifest_id: Number(id), bill_id: Number(billId), role: 'consignee', code: 'MM0001', name: 'Myanmar Trading Co., Ltd.', phone: '+95 9 123 4567', comm_type: 'TE' });
  await knex('cus_manifest_goods').insert({
    manifest_id: Number(id),
    bill_id: Number(billId),
    seq: 1,
    quantity: '120.000',
    description: '大米 Rice',
    gross_weight: '2400.000',
    package_type: '22',
    dangerous_no: null,
    hs_code: null,
    supplement: null,
  });
}

export const manifestsDemoSeed: Seed = {
  name: 'manifests-demo',
  once: true,
  async run(knex) {
    const now = new Date();
    await demoManifest(knex, now);
    const [reportId] = await knex('cus_report').insert({
      kind: 'arrival',
      doc_no: await nextDocNo(knex, 'cus_report', 'arrivalReport', now),
      status: 'draft',
      customs_code: '8613',
      transport_mode: '4',
      batch_no: 'RL20250001',
      site_code: 'CNRUL',
      event_time: now,
      enterprise_code: '5333960001',
      declarant_name: '姐告报关行',
      created_at: now,
      updated_at: now,
      version: 1,
    });
    await knex('cus_report_line').insert({ report_id: Number(reportId), seq: 1, bill_no: 'RLB0001', container_no: null, pieces: 120, gross_weight: '2400.000', package_type: '22', goods_desc: '大米 Rice' });
  },
};

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const goods = (seq: number, description: string, hsCode: string, quantity: string, grossWeight: string, packageType = '22') =>
  ({ seq, quantity, description, grossWeight, packageType, dangerousNo: null, hsCode, supplement: null });

const consignee = (name: string, phone: string) => ({ role: 'consignee', code: 'MM5001', name, phone, commType: 'TE' });

const header = { customsCode: '8613', enterpriseCode: '5333960001', declarantName: '姐告报关行', remarks: null };

/** Documents every screen of the area shows on a new installation: original manifests with
 *  bills and goods, an arrival report customs accepted, tally reports and vehicle entry and
 *  exit confirmations in several states, all made as the demo broker through the screens'
 *  services (seeded once; afterwards they are the users'). */
export const manifestsDocumentsDemo = demoDataSeed('manifests-demo-documents', async (knex, { registry }) => {
  const broker = await demoActor(knex, registry, 'broker');
  if (!broker || !(await knex('cus_enterprise').where({ user_id: broker.user.id }).first())) return;
  const targets = [...manifestReceiptTargets, ...reportReceiptTargets];
  const doc = (sr: ServerResource, input: Row, opts: Parameters<typeof demoDocument>[4] = {}) => demoDocument(knex, sr, broker, input, { ...opts, targets });

  /** An original manifest of a truck into Ruili (姐告), filed by the demo broker, and one of its bills. */
  const manifest = (over: Row) => ({ customsCode: '8613', transportMode: '4', placeCode: 'CNRUL', filingCustoms: '8613', enterpriseCode: '5333960001', transferorName: '姐告报关行', ...over });
  const bill = (over: Row) => ({ clearanceCode: 'RL01', currency: 'USD', carriageTerms: 'CY-CY', freightPayment: 'PP', packageType: '22', lclCode: null, ...over });
  await doc(
    originalManifestResource,
    manifest({
      orderNo: 'SO-RUBBER-2026-011', batchNo: 'RL20260112', carrierCode: 'MSETRANS01', loadingTime: hoursAgo(30), remarks: '木姐—瑞丽 天然橡胶、柚木原木',
      bills: [
        bill({
          billNo: 'MSE-RL-0112-01', totalPieces: 400, grossWeight: '20160.000', cargoValue: '33600.00', consigneeName: '德宏边境贸易有限公司', volume: '32.000',
          contacts: [consignee('德宏边境贸易有限公司', '0692-4141234')],
          goods: [goods(1, '技术分类天然橡胶（TSNR 20）', '4001220000', '400', '20160.000')],
        }),
        bill({
          billNo: 'MSE-RL-0112-02', totalPieces: 36, grossWeight: '28800.000', cargoValue: '21600.00', consigneeName: '瑞丽市木业加工有限公司', freightPayment: 'CC',
          packageType: '99', volume: '36.000', contacts: [consignee('瑞丽市木业加工有限公司', '0692-4125566')],
          goods: [goods(1, '柚木原木 Teak logs', '4403491000', '36', '28800.000', '99')],
        }),
      ],
    }),
    { receipts: [{ code: 'ACCEPTED', message: '原始舱单已接受' }] },
  );
  await doc(
    originalManifestResource,
    manifest({
      orderNo: 'SO-RICE-2026-015', batchNo: 'RL20260115', carrierCode: 'RLTRANS01', loadingTime: hoursAgo(6), remarks: null,
      bills: [
        bill({
          billNo: 'MSE-RL-0115-01', totalPieces: 1000, grossWeight: '50250.000', cargoValue: '27500.00', consigneeName: '瑞丽粮油批发市场', volume: '60.000',
          contacts: [consignee('瑞丽粮油批发市场', '0692-4147788')],
          goods: [goods(1, '缅甸籼米精米 Myanmar white rice', '1006301000', '1000', '50250.000')],
        }),
      ],
    }),
  );

  const line = (billNo: string, containerNo: string | null, pieces: number, grossWeight: string, goodsDesc: string, packageType = '22') => ({ billNo, containerNo, pieces, grossWeight, packageType, goodsDesc });
  await doc(
    arrivalReportResource,
    { ...header, transportMode: '4', batchNo: 'RL20260112', manifestNo: null, siteCode: 'CNRUL', conveyanceName: '滇N36518', arrivalTime: hoursAgo(26), lines: [line('MSE-RL-0112-01', null, 400, '20160.000', '天然橡胶')] },
    { receipts: [{ code: 'ACCEPTED', message: '运抵报告已接受' }] },
  );
  const tally = (over: Row) => ({ ...header, transportMode: '4', manifestNo: null, siteCode: 'CNRUL', conveyanceName: '滇N36518', tallyCompanyCode: 'RLTALLY01', responsiblePerson: '杨理货', ...over });
  await doc(
    tallyReportResource,
    tally({ batchNo: 'RL20260112', tallyStart: hoursAgo(25), tallyEnd: hoursAgo(23), lines: [line('MSE-RL-0112-01', null, 400, '20160.000', '天然橡胶'), line('MSE-RL-0112-02', null, 36, '28800.000', '柚木原木', '99')] }),
    { receipts: [{ code: 'ACCEPTED', message: '理货报告已接受' }, { code: 'RELEASED', message: '理货报告核销完毕' }] },
  );
  await doc(
    tallyReportResource,
    tally({ batchNo: 'RL20260108', conveyanceName: '滇N20931', tallyStart: hoursAgo(50), tallyEnd: hoursAgo(49), lines: [line('RL-EXP-0108-01', 'TGHU8806411', 120, '2880.000', '日用百货')] }),
    { receipts: [{ code: 'REJECTED', message: '提单号与舱单不一致，请核对后重新申报' }] },
  );
  await doc(tallyReportResource, tally({ batchNo: 'RL20260115', conveyanceName: '滇N58210', tallyStart: hoursAgo(3), tallyEnd: hoursAgo(2), lines: [line('MSE-RL-0115-01', null, 1000, '50250.000', '缅甸大米')] }));

  const vehicle = (over: Row) => ({ ...header, driverIdNo: null, manifestNo: null, lines: [], ...over });
  await doc(
    vehicleConfirmResource,
    vehicle({ plateNo: '滇N36518', driverName: '岩温', direction: 'entry', passTime: hoursAgo(27), batchNo: 'RL20260112', lines: [line('MSE-RL-0112-01', null, 400, '20160.000', '天然橡胶')] }),
    { receipts: [{ code: 'ACCEPTED', message: '车辆入境确认' }, { code: 'RELEASED', message: '准予放行' }] },
  );
  await doc(vehicleConfirmResource, vehicle({ plateNo: '滇N20931', driverName: '张国强', direction: 'exit', passTime: hoursAgo(4), batchNo: 'RL20260108' }), {
    receipts: [{ code: 'INSPECTION', message: '布控查验：请驶入姐告查验场' }],
  });
  await doc(vehicleConfirmResource, vehicle({ plateNo: 'MDY-7K/2291', driverName: 'Aung Ko Ko', direction: 'entry', passTime: hoursAgo(1), batchNo: 'RL20260115' }));
});

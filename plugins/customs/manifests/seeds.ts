// Seeded once per database: the customs brokers' role (customs_admin) gets this area's menus
// and permissions, and a draft pre-allocated manifest and arrival report to look at.
import type { Knex } from 'knex';
import type { Seed } from '../../../core/plugin';
import { CUSTOMS_DECLARE_MENU, DOCUMENTS, documentPermissionDefs, menuKey } from './document';
import { nextDocNo } from './document.server';

export const manifestsGrantsSeed: Seed = {
  name: 'manifests-grants',
  once: true,
  async run(knex) {
    const role = await knex('sys_role').where({ code: 'customs_admin' }).first();
    if (!role) return;
    for (const menu_key of [CUSTOMS_DECLARE_MENU, ...DOCUMENTS.map(menuKey)]) {
      if (!(await knex('sys_role_menu').where({ role_id: role.id, menu_key }).first())) await knex('sys_role_menu').insert({ role_id: role.id, menu_key });
    }
    for (const { code } of DOCUMENTS.flatMap(documentPermissionDefs)) {
      if (!(await knex('sys_role_permission').where({ role_id: role.id, permission_code: code }).first())) {
        await knex('sys_role_permission').insert({ role_id: role.id, permission_code: code });
      }
    }
  },
};

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

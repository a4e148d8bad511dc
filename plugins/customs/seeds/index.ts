// Seeded once per database: the sample code lists of the basic-information screens (the customs
// brokers' role is granted those screens by the plugin's declared grants). Afterwards the
// administrators own the data.
import type { Knex } from 'knex';
import type { Seed } from '@core/shared';
import { CUSTOMS_PORTS, ECIQ_TYPES, ORIGIN_AREAS, PORT_CODES, QP_CODES } from './codeLists';
import { ELEMENT_TEMPLATES } from './elements';
import { hsSample } from './hsCodes';

/** The HS 2022 edition is in force from this day; the rows stay valid until changed. */
const START_DATE = '2022-01-01';
const END_DATE = '2099-12-31';

type Values = Record<string, unknown>;

/** Inserts the rows whose key is not in the table yet, in chunks (SQLite caps bound values). */
async function insertMissing(knex: Knex, table: string, keyOf: (r: Values) => string, keyColumns: string[], rows: Values[]): Promise<void> {
  const existing = new Set((await knex(table).select(keyColumns)).map((r: Values) => keyOf(r)));
  const now = new Date();
  const fresh = rows.filter((r) => !existing.has(keyOf(r))).map((r) => ({ ...r, created_at: now, updated_at: now, version: 1 }));
  for (let i = 0; i < fresh.length; i += 200) await knex(table).insert(fresh.slice(i, i + 200));
}

export const codeListsSeed: Seed = {
  name: 'basic-information',
  once: true,
  async run(knex) {
    const hs = hsSample();
    await insertMissing(
      knex,
      'cus_hs_code',
      (r) => String(r.hs_code),
      ['hs_code'],
      hs.map((h) => ({
        hs_code: h.hsCode,
        name: h.name,
        name_en: h.nameEn,
        start_date: START_DATE,
        end_date: END_DATE,
        flag: 'valid',
        tax_rate: h.taxRate,
        first_unit: h.firstUnit,
        second_unit: h.secondUnit,
        supervision: h.supervision,
      })),
    );
    await insertMissing(
      knex,
      'cus_hs_element',
      (r) => `${r.hs_code}|${r.seq}`,
      ['hs_code', 'seq'],
      hs.flatMap((h) => ELEMENT_TEMPLATES[h.template].map(([zh, en, required], i) => ({ hs_code: h.hsCode, seq: i + 1, name: zh, name_en: en, is_required: required }))),
    );
    // CIQ codes: the HS code with the "other" extension 999, for the goods inspected at the border.
    await insertMissing(
      knex,
      'cus_ciq_code',
      (r) => String(r.ciq_code),
      ['ciq_code'],
      hs
        .filter((h) => h.ciq)
        .map((h) => ({ ciq_code: `${h.hsCode}999`, hs_code: h.hsCode, name: h.name, name_en: h.nameEn, extension: '999', classification: h.ciq, code_version: '2022', parent_code: null, valid: true })),
    );
    await insertMissing(
      knex,
      'cus_eciq_type',
      (r) => String(r.type_code),
      ['type_code'],
      ECIQ_TYPES.map((ty) => ({ type_code: ty.typeCode, name: ty.name, name_en: ty.nameEn, remarks: ty.remarks })),
    );
    await insertMissing(
      knex,
      'cus_eciq_data',
      (r) => `${r.type_code}|${r.code}`,
      ['type_code', 'code'],
      ECIQ_TYPES.flatMap((ty) => ty.codes.map(([code, zh, en]) => ({ type_code: ty.typeCode, code, name: zh, name_en: en, valid: true }))),
    );
    await insertMissing(
      knex,
      'cus_origin_area',
      (r) => String(r.code),
      ['code'],
      ORIGIN_AREAS.map(([code, zh, en, country]) => ({ code, name: zh, name_en: en, country_code: country })),
    );
    await insertMissing(
      knex,
      'cus_customs_port',
      (r) => String(r.customs_code),
      ['customs_code'],
      CUSTOMS_PORTS.map(([code, zh, en, parent]) => ({ customs_code: code, name: zh, name_en: en, parent_code: parent })),
    );
    await insertMissing(
      knex,
      'cus_customs_qp',
      (r) => `${r.qp_type}|${r.qp_code}`,
      ['qp_type', 'qp_code'],
      Object.entries(QP_CODES).flatMap(([type, codes]) => codes.map(([code, zh, en]) => ({ qp_type: type, qp_code: code, name: zh, name_en: en, remarks: null }))),
    );
    await insertMissing(
      knex,
      'cus_port_code',
      (r) => String(r.port_code),
      ['port_code'],
      PORT_CODES.map(([code, zh, en, mode]) => ({ port_code: code, name: zh, name_en: en, country_code: code.slice(0, 2), transport_mode: mode })),
    );
  },
};

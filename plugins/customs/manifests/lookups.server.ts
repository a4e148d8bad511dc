// Picker options of the documents (/api/lookup/customs.<name>): transport modes, currencies and
// package types from the customs QP parameter table, loading places from the port codes.
import type { PortPlugin } from '../../../core/plugin';

type Lookup = NonNullable<PortPlugin['lookups']>[string];

const qp =
  (type: string): Lookup =>
  async ({ knex }) => {
    const rows: { qp_code: string; name: string }[] = await knex('cus_customs_qp').where({ qp_type: type }).select('qp_code', 'name').orderBy('qp_code');
    return rows.map((r) => ({ value: r.qp_code, label: `${r.qp_code} ${r.name}` }));
  };

export const manifestLookups: Record<string, Lookup> = {
  declTransportModes: qp('transportMode'),
  declCurrencies: qp('currency'),
  declPackageTypes: qp('packageType'),
  async declPlaces({ knex }) {
    const rows: { port_code: string; name: string }[] = await knex('cus_port_code').select('port_code', 'name').orderBy('port_code');
    return rows.map((r) => ({ value: r.port_code, label: `${r.port_code} ${r.name}` }));
  },
};

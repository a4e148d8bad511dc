// Picker options of the documents (/api/lookup/customs.<name>): transport modes, currencies and
// package types from the customs QP parameter table, loading places from the port codes.
import { tableLookup, type LookupDef } from '@core/server';

const qp = (type: string): LookupDef => tableLookup({ table: 'cus_customs_qp', value: 'qp_code', label: '{qp_code} {name}', labels: { en: '{qp_code} {name_en}' }, where: { qp_type: type } });

export const manifestLookups: Record<string, LookupDef> = {
  declTransportModes: qp('transportMode'),
  declCurrencies: qp('currency'),
  declPackageTypes: qp('packageType'),
  declPlaces: tableLookup({ table: 'cus_port_code', value: 'port_code', label: '{port_code} {name}', labels: { en: '{port_code} {name_en}' } }),
};

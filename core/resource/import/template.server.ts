// The import template: one header row of the importable fields' labels, typed columns, and a
// second sheet describing each field (type, required, length, allowed values).
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { getKnex } from '../../db/knex.server';
import type { SessionUser } from '../../rbac/access.server';
import { getRegistry, type Registry } from '../../registry.server';
import type { ServerResource } from '../define.server';
import { schemaOf } from '../service.server';
import { importFields } from './convert.server';

/** A worksheet name Excel accepts. */
export function sheetName(s: string): string {
  return s.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Names of the fields the create schema refuses to leave out. */
function requiredFields(sr: ServerResource, t: TFunction): Set<string> {
  const out = new Set<string>();
  try {
    const shape = schemaOf(sr, t, 'create').shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    for (const [name, s] of Object.entries(shape)) if (!s.safeParse(undefined).success) out.add(name);
  } catch {
    // a schema that cannot be inspected: nothing marked
  }
  return out;
}

/** The template: one header row of importable labels, plus a sheet describing each field. */
export async function buildTemplate(sr: ServerResource, t: TFunction, user: SessionUser, registry: Registry = getRegistry(), knex: Knex = getKnex()): Promise<Uint8Array> {
  const fields = importFields(sr.def);
  const required = requiredFields(sr, t);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(t(sr.def.titleKey)));
  const header = ws.addRow(fields.map((f) => t(f.labelKey)));
  header.font = { bold: true };
  fields.forEach((f, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.max(12, Math.min(40, t(f.labelKey).length * 2 + 4));
    // Dates and codes are typed as text so Excel does not reformat them.
    if (f.type !== 'integer' && f.type !== 'number' && f.type !== 'money' && f.type !== 'date') col.numFmt = '@';
    if (f.type === 'date') col.numFmt = 'yyyy-mm-dd';
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];

  const info = wb.addWorksheet(sheetName(t('core:import.fieldsSheet')));
  const head = info.addRow([t('core:import.colField'), t('core:import.colType'), t('core:import.colRequired'), t('core:import.colMaxLength'), t('core:import.colAllowed')]);
  head.font = { bold: true };
  info.columns = [{ width: 24 }, { width: 16 }, { width: 10 }, { width: 12 }, { width: 60 }];
  for (const f of fields) {
    let allowed = '';
    if (f.type === 'enum') allowed = (f.options ?? []).map((o) => t(o.labelKey)).join(' / ');
    else if (f.type === 'boolean') allowed = `${t('core:common.yes')} / ${t('core:common.no')}`;
    else if (f.type === 'date') allowed = 'YYYY-MM-DD';
    else if ((f.type === 'ref' || f.type === 'refs') && f.lookup) {
      if (registry.lookups.has(f.lookup)) {
        const options = await registry.context(knex).lookup(f.lookup, user);
        const names = options.slice(0, 200).map((o) => (o.label.includes(':') ? t(o.label) : o.label));
        allowed = names.join(' / ') + (options.length > 200 ? ' …' : '');
      }
    }
    info.addRow([t(f.labelKey), t(`core:import.types.${f.type}`), required.has(f.name) ? t('core:common.yes') : t('core:common.no'), f.maxLength ?? null, allowed || null]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

// Server rules for places: unique codes; a customs port's parent exists and is not the port
// itself or one of its own descendants; a parent of other ports cannot be deleted or recoded.
import type { Knex } from 'knex';
import { ApiError, FieldError, serverResource } from '@core/server';
import { customsPortDef, originAreaDef, portCodeDef } from './places';

export const originAreaResource = serverResource(originAreaDef);

/** Walks up from `start`: true when the chain reaches `code` (a cycle) or runs too deep. */
async function reachesSelf(trx: Knex.Transaction, start: string, code: string): Promise<boolean> {
  let current: string | null = start;
  for (let depth = 0; current; depth++) {
    if (current === code || depth > 20) return true;
    const row: { parent_code: string | null } | undefined = await trx('cus_customs_port').where({ customs_code: current }).first('parent_code');
    current = row?.parent_code ?? null;
  }
  return false;
}

export const customsPortResource = serverResource(customsPortDef, {
  async validate(input, { trx, t, before }) {
    const code = String(input.customsCode);
    if (before && before.customsCode !== code && (await trx('cus_customs_port').where({ parent_code: before.customsCode }).first())) {
      throw new FieldError({ customsCode: t('customs:customsPort.hasChildren') });
    }
    if (input.parentCode) {
      const parent = await trx('cus_customs_port').where({ customs_code: input.parentCode }).first();
      if (!parent || (await reachesSelf(trx, String(input.parentCode), before ? String(before.customsCode) : code))) {
        throw new FieldError({ parentCode: t('core:resource.invalid', { field: t('customs:customsPort.parentCode') }) });
      }
    }
  },
  async beforeDelete(rows, { trx, t }) {
    const codes = rows.map((r) => String(r.customsCode));
    const child = await trx('cus_customs_port').whereIn('parent_code', codes).whereNotIn('customs_code', codes).first();
    if (child) throw new ApiError(t('customs:customsPort.hasChildren'));
  },
});

export const portCodeResource = serverResource(portCodeDef);

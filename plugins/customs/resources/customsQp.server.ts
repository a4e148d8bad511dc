// Server rules for QP codes: a code is unique within its type ("4" is both a transport mode
// and a license code).
import { FieldError } from '../../../core/http/envelope.server';
import { serverResource } from '../../../core/resource/define.server';
import { customsQpDef } from './customsQp';

export const customsQpResource = serverResource(customsQpDef, {
  async validate(input, { trx, t, before }) {
    const clash = await trx('cus_customs_qp').where({ qp_type: input.qpType, qp_code: input.qpCode }).whereNot('id', before ? Number(before.id) : 0).first();
    if (clash) throw new FieldError({ qpCode: t('core:resource.exists', { field: t('customs:customsQp.qpCode') }) });
  },
});

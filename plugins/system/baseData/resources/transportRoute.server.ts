// A route runs between two different, existing ports.
import { FieldError, serverResource } from '@core/server';
import { transportRouteDef } from './transportRoute';
import { requireExisting } from './references.server';

export const transportRouteResource = serverResource(transportRouteDef, {
  async validate(input, ctx) {
    if (input.originPort === input.destinationPort) throw new FieldError({ destinationPort: ctx.t('system:baseData.route.sameEnds') });
    await requireExisting(transportRouteDef, ctx, 'originPort', 'sys_port', { code: input.originPort });
    await requireExisting(transportRouteDef, ctx, 'destinationPort', 'sys_port', { code: input.destinationPort });
  },
});

// Ports: the LOCODE starts with the port's country; a port that yards, berths or routes use
// stays. Yards and berths must name an existing port, berths only a sea or river port.
import { FieldError, serverResource } from '@core/server';
import { berthDef, portDef, WATERSIDE_PORT_TYPES, yardDef } from './port';
import { refuseCodeChangeWhileReferenced, refuseDeleteWhileReferenced, requireExisting, type Referrer } from './references.server';

const portReferrers: Referrer[] = [
  { table: 'sys_yard', column: 'port_code', titleKey: 'system:baseData.yard.title' },
  { table: 'sys_berth', column: 'port_code', titleKey: 'system:baseData.berth.title' },
  { table: 'sys_route', column: 'origin_port', titleKey: 'system:baseData.route.title' },
  { table: 'sys_route', column: 'destination_port', titleKey: 'system:baseData.route.title' },
];

export const portResource = serverResource(portDef, {
  async validate(input, ctx) {
    if (String(input.code).slice(0, 2) !== input.countryCode) throw new FieldError({ code: ctx.t('system:baseData.port.codeCountry') });
    await requireExisting(portDef, ctx, 'countryCode', 'sys_country', { code: input.countryCode });
    await refuseCodeChangeWhileReferenced(portDef, input, ctx, 'code', portReferrers);
  },
  async beforeDelete(rows, ctx) {
    await refuseDeleteWhileReferenced(portDef, rows, ctx, 'code', portReferrers);
  },
});

export const yardResource = serverResource(yardDef, {
  async validate(input, ctx) {
    await requireExisting(yardDef, ctx, 'portCode', 'sys_port', { code: input.portCode });
  },
});

export const berthResource = serverResource(berthDef, {
  async validate(input, ctx) {
    const port = await requireExisting(berthDef, ctx, 'portCode', 'sys_port', { code: input.portCode });
    if (!WATERSIDE_PORT_TYPES.includes(String(port.port_type))) throw new FieldError({ portCode: ctx.t('system:baseData.berth.notWaterside') });
  },
});

// Portal origins (门户来源): the web sites whose pages may call the portal's public API from the
// browser (CORS, and the CSRF check of the message form). An administrator lists each origin
// once, normalised to scheme://host[:port] as browsers send it in the Origin header; a new one is
// enabled unless switched off (the form starts with the switch on and says so).
import { z } from 'zod';
import { crudPermissions, defineResource, rules } from '@core/shared';
import { portalTable } from '../common';
import { K, ORIGIN_MENU } from './message';

const f = (k: string) => `${K}.origin.field.${k}`;

/** `HTTPS://Portal.Example.com:443/` → `https://portal.example.com`; null when it is not a bare http(s) origin. */
export function normaliseOrigin(value: string): string | null {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password || u.search || u.hash || (u.pathname && u.pathname !== '/')) return null;
  return u.origin;
}

export const originDef = defineResource({
  ...portalTable('origin', 'ptl_origin', `${K}.origin.title`, ORIGIN_MENU, 'origin'),
  permissions: crudPermissions('portal:origin'),
  unique: [{ fields: ['origin'], messageKey: `${K}.origin.msg.exists` }],
  fields: [
    { name: 'origin', labelKey: f('origin'), type: 'string', maxLength: 200, filter: 'contains', sortable: true, list: { width: 280 }, form: { span: 2, placeholderKey: `${K}.origin.placeholder`, helpKey: `${K}.origin.help` } },
    { name: 'enabled', labelKey: f('enabled'), type: 'boolean', filter: 'eq', list: { width: 90 }, initial: true, form: { helpKey: `${K}.origin.enabledHelp` } },
    { name: 'remark', labelKey: f('remark'), type: 'string', maxLength: 200, form: { span: 3 } },
    { name: 'updatedAt', labelKey: f('updatedAt'), type: 'datetime', form: false, import: false, list: { width: 170 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      origin: r
        .text(f('origin'), 200)
        .refine((v) => normaliseOrigin(v) !== null, t(`${K}.origin.msg.invalid`))
        .transform((v) => normaliseOrigin(v) ?? v),
      // An origin is listed to be used: left out (an API call, an import without the column), it is enabled.
      enabled: r.boolean({ default: true }),
      remark: r.optionalText(f('remark'), 200),
    });
  },
});

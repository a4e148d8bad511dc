// A resource: the greetings partners leave, listed, filtered, added, edited, exported and
// imported by core's resource engine, on the screen, in the REST API and in /api/openapi.json.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';

export const LANGS = ['zh', 'en', 'my'] as const;
const langOptions = LANGS.map((l) => ({ value: l, labelKey: `partner:lang.${l}` }));

export const greetingDef = defineResource({
  plugin: 'partner',
  name: 'greeting',
  table: 'partner_greeting',
  titleKey: 'partner:menu.hello',
  menu: 'partner.hello',
  labelField: 'text',
  defaultSort: { field: 'id', dir: 'asc' },
  permissions: { list: 'partner:hello:view', create: 'partner:hello:add', update: 'partner:hello:edit', delete: 'partner:hello:remove', export: 'partner:hello:view' },
  fields: [
    { name: 'text', labelKey: 'partner:greeting.text', type: 'string', maxLength: 200, filter: 'contains', sortable: true, form: { span: 2 } },
    { name: 'lang', labelKey: 'partner:greeting.lang', type: 'enum', options: langOptions, filter: 'eq' },
    { name: 'createdAt', labelKey: 'partner:greeting.createdAt', type: 'datetime', sortable: true },
  ],
  unique: [['text']],
  schema: (t) => {
    const r = rules(t);
    return z.object({ text: r.text('partner:greeting.text', 200), lang: r.oneOf('partner:greeting.lang', LANGS, { optional: true }) });
  },
});

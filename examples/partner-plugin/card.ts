// A document: a greeting card (header) with its messages (lines), edited in core's document
// editor and saved as one graph in one transaction; sending it is a state-machine transition.
import { z } from 'zod';
import { defineDocument, defineResource, lineList, rules } from '@core/shared';
import { LANGS } from './greeting';

const langOptions = LANGS.map((l) => ({ value: l, labelKey: `partner:lang.${l}` }));
const STATES = ['draft', 'sent'] as const;

export const cardDef = defineResource({
  plugin: 'partner',
  name: 'card',
  table: 'partner_card',
  titleKey: 'partner:menu.card',
  menu: 'partner.card',
  labelField: 'title',
  defaultSort: { field: 'id', dir: 'desc' },
  permissions: { list: 'partner:card:list', create: 'partner:card:add', update: 'partner:card:edit', delete: 'partner:card:remove', export: 'partner:card:list' },
  fields: [
    { name: 'title', labelKey: 'partner:card.title', type: 'string', maxLength: 100, filter: 'contains', sortable: true },
    { name: 'recipient', labelKey: 'partner:card.recipient', type: 'string', maxLength: 100, filter: 'contains' },
    { name: 'status', labelKey: 'partner:card.status', type: 'enum', filter: 'eq', form: false, import: false, options: STATES.map((s) => ({ value: s, labelKey: `partner:card.state.${s}` })) },
    { name: 'messages', column: null, records: true, labelKey: 'partner:card.messages', type: 'string', list: false, form: false, export: false, import: false },
    { name: 'updatedAt', labelKey: 'partner:card.updatedAt', type: 'datetime', sortable: true },
  ],
  stateMachine: {
    field: 'status',
    states: STATES.map((s) => ({ value: s, labelKey: `partner:card.state.${s}` })),
    transitions: [{ name: 'send', labelKey: 'partner:card.send', from: ['draft'], to: 'sent', permission: 'partner:card:send', refusedKey: 'partner:card.notDraft', primary: true }],
    editableIn: ['draft'],
    deletableIn: ['draft'],
    editRefusedKey: 'partner:card.notDraft',
    deleteRefusedKey: 'partner:card.notDraft',
  },
  schema: (t) => {
    const r = rules(t);
    const message = z.object({ lang: r.oneOf('partner:card.lang', LANGS), text: r.text('partner:card.text', 200) });
    return z.object({
      title: r.text('partner:card.title', 100),
      recipient: r.text('partner:card.recipient', 100),
      messages: lineList(message, { min: 1, message: t('partner:card.needsMessage') }),
    });
  },
});

export const cardDocument = defineDocument({
  resource: cardDef,
  lines: [
    {
      name: 'messages',
      labelKey: 'partner:card.messages',
      table: 'partner_card_line',
      foreignKey: 'card_id',
      position: 'line_no',
      initial: 1,
      fields: [
        { name: 'lang', labelKey: 'partner:card.lang', type: 'enum', options: langOptions },
        { name: 'text', labelKey: 'partner:card.text', type: 'string', maxLength: 200 },
      ],
      blank: () => ({ lang: 'zh' }),
    },
  ],
  computed: [{ name: 'count', labelKey: 'partner:card.count', value: (v) => String(Array.isArray(v.messages) ? v.messages.length : 0) }],
});

// Online messages (在线留言, SPEC §3 "Online message", §5 "News and messages", §9): a complaint
// or suggestion the public posts from the portal with up to 3 files; staff assign it to a
// colleague, reply (the reply may be corrected until the message is closed: the sender reads
// the latest one, the audit trail keeps each) and close it. Staff never create messages, so
// the resource has no add, edit or delete. One schema checks the portal's form, the public
// API and the widget alike.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { defineResource, isEmail, permissionCodes, rules, type FieldDef, type UploadType } from '@core/shared';
import { PORTAL_GROUP, portalTable } from '../common';

export const K = 'portal:messages';
export const MESSAGE_MENU = `${PORTAL_GROUP}.message`;
export const ORIGIN_MENU = `${PORTAL_GROUP}.origin`;
export const MESSAGE_PERMISSIONS = permissionCodes('portal:message', ['assign', 'reply', 'close']);
export const ORIGIN_PERMISSIONS = permissionCodes('portal:origin');

export const MESSAGE_TYPES = ['complaint', 'suggestion'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATES = ['new', 'replied', 'closed'] as const;
/** What a message may carry (SPEC §9 upload types, as the brief lists them; checked by content). */
export const MESSAGE_FILE_TYPES: readonly UploadType[] = ['jpg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx'];
/** SPEC §5/§9: message uploads up to 20 MB each, at most 3 files. */
export const MESSAGE_FILE_MAX_MB = 20;
export const MESSAGE_FILE_MAX = 3;
/** Field limits (SPEC §9 "others 1-100, 1-50, 1-1000"): name 1–50, email ≤ 100, contact ≤ 50, content 1–1000, reply 1–1000. */
export const LIMITS = { name: 50, email: 100, contact: 50, content: 1000, reply: 1000 } as const;

const f = (k: string) => `${K}.field.${k}`;
const stateOptions = MESSAGE_STATES.map((s) => ({ value: s, labelKey: `${K}.state.${s}` }));
export const typeOptions = MESSAGE_TYPES.map((s) => ({ value: s, labelKey: `${K}.type.${s}` }));

/** The message as its sender writes it: the staff screen, the public API and the widget check the same. */
export function messageSchema(t: TFunction) {
  const r = rules(t);
  return z.object({
    type: r.oneOf(f('type'), MESSAGE_TYPES),
    name: r.text(f('name'), LIMITS.name),
    email: r.text(f('email'), LIMITS.email).refine(isEmail, t('core:resource.invalid', { field: t(f('email')) })),
    contact: r.optionalText(f('contact'), LIMITS.contact),
    content: r.text(f('content'), LIMITS.content),
  });
}
export type MessageInput = z.infer<ReturnType<typeof messageSchema>>;

const fields: FieldDef[] = [
  { name: 'messageNo', labelKey: f('messageNo'), type: 'string', filter: 'contains', sortable: true, form: false, list: { width: 150 } },
  { name: 'type', labelKey: f('type'), type: 'enum', options: typeOptions, filter: 'eq', list: { width: 120 } },
  { name: 'name', labelKey: f('name'), type: 'string', maxLength: LIMITS.name, list: { width: 110 } },
  { name: 'email', labelKey: f('email'), type: 'string', maxLength: LIMITS.email, list: { width: 180 } },
  { name: 'contact', labelKey: f('contact'), type: 'string', maxLength: LIMITS.contact, list: { hidden: true } },
  { name: 'content', labelKey: f('content'), type: 'text', maxLength: LIMITS.content, list: { width: 240 }, form: { span: 3 } },
  { name: 'files', column: null, records: true, labelKey: f('files'), type: 'string', list: false, form: false, export: false, import: false },
  { name: 'status', labelKey: f('status'), type: 'enum', options: stateOptions, filter: 'eq', form: false, import: false, list: { width: 90 } },
  { name: 'assigneeId', labelKey: f('assignee'), type: 'ref', lookup: 'portal.staff', valueType: 'integer', filter: 'eq', form: false, import: false, list: { width: 160 } },
  { name: 'reply', labelKey: f('reply'), type: 'text', form: false, import: false, list: { hidden: true } },
  { name: 'repliedAt', labelKey: f('repliedAt'), type: 'datetime', form: false, import: false, list: { hidden: true } },
  { name: 'repliedBy', labelKey: f('repliedBy'), type: 'integer', list: false, form: false, import: false, export: false },
  { name: 'repliedByName', column: null, labelKey: f('repliedBy'), type: 'string', form: false, import: false, export: false, list: { hidden: true } },
  { name: 'closedAt', labelKey: f('closedAt'), type: 'datetime', form: false, import: false, list: { hidden: true } },
  { name: 'clientIp', labelKey: f('clientIp'), type: 'string', form: false, import: false, list: { hidden: true } },
  { name: 'createdAt', labelKey: f('createdAt'), type: 'datetime', filter: 'range', sortable: true, form: false, import: false, list: { width: 160 } },
];

export const messageDef = defineResource({
  ...portalTable('message', 'ptl_message', `${K}.title`, MESSAGE_MENU, 'messageNo'),
  // Read and act on only: messages come from the portal.
  permissions: { list: MESSAGE_PERMISSIONS.list, export: MESSAGE_PERMISSIONS.list },
  fields,
  detail: true,
  stateTabs: true,
  stateMachine: {
    field: 'status',
    states: stateOptions,
    transitions: [
      {
        name: 'reply',
        labelKey: `${K}.action.reply`,
        from: ['new', 'replied'],
        to: 'replied',
        permission: MESSAGE_PERMISSIONS.reply,
        refusedKey: `${K}.msg.replyRefused`,
        primary: true,
        note: { field: 'reply', column: 'reply', labelKey: f('reply'), required: true, maxLength: LIMITS.reply },
      },
      {
        name: 'close',
        labelKey: `${K}.action.close`,
        from: ['new', 'replied'],
        to: 'closed',
        permission: MESSAGE_PERMISSIONS.close,
        refusedKey: `${K}.msg.closeRefused`,
        primary: true,
        confirmKey: `${K}.msg.closeConfirm`,
      },
    ],
    editableIn: [],
    deletableIn: [],
  },
  schema: (t) => messageSchema(t),
});

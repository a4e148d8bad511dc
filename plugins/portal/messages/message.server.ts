// The server rules of online messages: the number (LY + day + the day's sequence from an atomic
// counter row, so several processes never hand out one number twice), posting from the portal
// (checked by the one schema, files by content and size, stored with the sender's address in
// one transaction), the sender's reply look-up, assigning to a staff user, and the reply and
// close transitions' stamps.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, CODE, FieldError, contentMatches, extOf, filesOf, saveFile, serverResource, tableLookup, toDate, writeAudit, zodFieldErrors, type RequestContext, type Row } from '@core/server';
import { dayStamp, formatDateTime, hasPermission, resourceKey, type SessionUser } from '@core/shared';
import { K, LIMITS, MESSAGE_FILE_MAX, MESSAGE_FILE_MAX_MB, MESSAGE_FILE_TYPES, MESSAGE_PERMISSIONS, messageDef, messageSchema, type MessageInput } from './message';

export const MESSAGE_TABLE = 'ptl_message';
export const COUNTER_TABLE = 'ptl_message_counter';
export const MESSAGE_RESOURCE = resourceKey(messageDef);
/** Staff who may be assigned a message: platform operators and administrators (user types 3 and 6), enabled. */
export const STAFF_USER_TYPES = [3, 6];

const messageRules = serverResource(messageDef, {
  async decorate(rows, knex) {
    const ids = rows.map((r) => Number(r.id));
    const files = await filesOf(knex, MESSAGE_RESOURCE, ids);
    const repliers = [...new Set(rows.map((r) => r.repliedBy as number | null).filter((x): x is number => !!x))];
    const names: { id: number; nickname: string }[] = repliers.length ? await knex('sys_user').whereIn('id', repliers).select('id', 'nickname') : [];
    for (const r of rows) {
      r.files = files.filter((f) => f.recordId === Number(r.id)).map((f) => ({ id: f.id, name: f.name, size: f.size, ext: f.ext }));
      r.repliedByName = names.find((n) => n.id === Number(r.repliedBy))?.nickname ?? null;
    }
  },
  async beforeTransition(_rows, transition, { actor }) {
    const now = new Date();
    if (transition === 'reply') return () => ({ replied_at: now, replied_by: actor.user.id });
    if (transition === 'close') return () => ({ closed_at: now });
  },
});

/** The screen's assign button shows for those who may assign (the server checks again). */
export const messageResource = { ...messageRules, screen: { data: async ({ user }: RequestContext) => ({ canAssign: hasPermission(user, MESSAGE_PERMISSIONS.assign) }) } };

/** The number of a message: LY + yyyyMMdd + the day's sequence, 4 digits (more past 9,999). */
export const messageNo = (day: string, seq: number) => `LY${day}${String(seq).padStart(4, '0')}`;

/**
 * The next sequence of the day, inside the caller's transaction: the day's counter row (made
 * beforehand, outside it) is incremented in one statement, which holds its row lock on MariaDB
 * (the single writer on SQLite) until the commit, and read back in the same transaction, so
 * concurrent posts on any process each get their own. Taken last, so the lock is held briefly.
 */
export async function nextSequence(trx: Knex.Transaction, day: string): Promise<number> {
  await trx(COUNTER_TABLE).where({ day }).increment('last_seq', 1);
  const row = await trx(COUNTER_TABLE).where({ day }).first('last_seq');
  return Number(row.last_seq);
}

/** Makes the day's counter row, in its own statement (two transactions inserting it at once could deadlock). */
async function ensureCounter(knex: Knex, day: string): Promise<void> {
  await knex(COUNTER_TABLE).insert({ day, last_seq: 0 }).onConflict('day').ignore();
}

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

/** The files of a post, checked: at most 3, each a listed type whose content matches, 1 byte to 20 MB. */
export function checkFiles(files: Upload[], t: TFunction): Upload[] {
  if (files.length > MESSAGE_FILE_MAX) throw new FieldError({ files: t(`${K}.msg.tooManyFiles`, { max: MESSAGE_FILE_MAX }) });
  for (const file of files) {
    const ext = extOf(file.name);
    if (!(MESSAGE_FILE_TYPES as readonly string[]).includes(ext)) throw new FieldError({ files: t('core:files.badType', { types: MESSAGE_FILE_TYPES.join(', ') }) });
    if (file.bytes.length > MESSAGE_FILE_MAX_MB * 1024 * 1024) throw new FieldError({ files: t('core:files.tooLarge', { mb: MESSAGE_FILE_MAX_MB }) });
    if (file.bytes.length === 0) throw new FieldError({ files: t('core:files.empty') });
    if (!contentMatches(ext, file.bytes)) throw new FieldError({ files: t('core:files.contentMismatch', { ext }) });
  }
  return files;
}

/** Checks a post against the one schema (the staff screen's and the widget's). */
export function parseMessage(input: Record<string, unknown>, t: TFunction): MessageInput {
  const parsed = messageSchema(t).safeParse(input);
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error, messageDef.fields));
  return parsed.data;
}

/** Stores a message posted on the portal with its files; answers its number. */
export async function postMessage(knex: Knex, input: MessageInput, files: Upload[], clientIp: string | null, now = new Date()): Promise<{ id: number; messageNo: string }> {
  const day = dayStamp(now);
  await ensureCounter(knex, day);
  return knex.transaction(async (trx) => {
    const [id] = await trx(MESSAGE_TABLE).insert({
      // Unique until the number is taken below.
      message_no: `T${randomUUID().replace(/-/g, '').slice(0, 19)}`,
      type: input.type,
      name: input.name,
      email: input.email.trim().toLowerCase(),
      contact: input.contact ?? null,
      content: input.content,
      status: 'new',
      client_ip: clientIp ? clientIp.slice(0, 64) : null,
      created_at: now,
      updated_at: now,
    });
    for (const file of files) {
      await saveFile(trx, { name: file.name, ext: extOf(file.name), bytes: file.bytes, resource: MESSAGE_RESOURCE, recordId: Number(id), createdBy: 0, createdByName: input.name.slice(0, 64) });
    }
    const no = messageNo(day, await nextSequence(trx, day));
    await trx(MESSAGE_TABLE).where({ id }).update({ message_no: no });
    const after = { messageNo: no, type: input.type, name: input.name, email: input.email, contact: input.contact ?? null, content: input.content, status: 'new', files: files.map((f) => f.name) };
    await writeAudit(trx, { resource: MESSAGE_RESOURCE, recordId: Number(id), action: 'create', actor: null, before: null, after, summary: no });
    return { id: Number(id), messageNo: no };
  });
}

/** What the sender reads back with the number and email: null unless both match (no hint which one did not). */
export async function lookupMessage(knex: Knex, no: string, email: string): Promise<Record<string, unknown> | null> {
  const n = no.trim().toUpperCase();
  const e = email.trim().toLowerCase();
  if (!n || !e || n.length > 32 || e.length > LIMITS.email) return null;
  const row: Row | undefined = await knex(MESSAGE_TABLE).where({ message_no: n }).first();
  if (!row || String(row.email).toLowerCase() !== e) return null;
  const at = (v: unknown) => (v ? formatDateTime(toDate(v)!) : null);
  return {
    messageNo: row.message_no,
    type: row.type,
    content: row.content,
    status: row.status,
    reply: row.status === 'new' ? null : ((row.reply as string | null) ?? null),
    repliedAt: at(row.replied_at),
    createdAt: at(row.created_at),
  };
}

/** Staff a message may be assigned to (`portal.staff`): enabled platform operators and administrators. */
export const staffLookup = tableLookup({
  table: 'sys_user',
  value: 'id',
  label: '{nickname} ({username})',
  where: (qb) => void qb.whereIn('user_type', STAFF_USER_TYPES).where({ status: '0' }),
  orderBy: 'id',
});

/** Assigns messages (not closed) to a staff user; audited per message. */
export async function assignMessages(knex: Knex, actor: { user: SessionUser; ip: string | null }, ids: number[], assigneeId: number, t: TFunction): Promise<number> {
  if (!hasPermission(actor.user, MESSAGE_PERMISSIONS.assign)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  if (!ids.length || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new ApiError(t(`${K}.msg.selectFirst`));
  return knex.transaction(async (trx) => {
    const staff = Number.isSafeInteger(assigneeId) && assigneeId > 0 ? await trx('sys_user').where({ id: assigneeId, status: '0' }).whereIn('user_type', STAFF_USER_TYPES).first('id', 'nickname') : undefined;
    if (!staff) throw new FieldError({ assigneeId: t(`${K}.msg.pickStaff`) });
    const rows: Row[] = await trx(MESSAGE_TABLE).whereIn('id', ids);
    if (rows.length !== ids.length) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
    if (rows.some((r) => r.status === 'closed')) throw new ApiError(t(`${K}.msg.assignRefused`));
    for (const r of rows) {
      await trx(MESSAGE_TABLE).where({ id: r.id }).update({ assignee_id: staff.id, updated_at: new Date(), updated_by: actor.user.id, version: trx.raw('version + 1') });
      await writeAudit(trx, { resource: MESSAGE_RESOURCE, recordId: Number(r.id), action: 'assign', actor, before: { assigneeId: r.assignee_id ?? null }, after: { assigneeId: Number(staff.id) }, summary: String(r.message_no) });
    }
    return rows.length;
  });
}

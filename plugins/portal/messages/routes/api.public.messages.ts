// POST /api/portal/public/messages (multipart/form-data; public, per-address rate limit): a
// complaint or suggestion from the portal with up to 3 files → { messageNo }. Order of checks:
// the rate limit first (every attempt counts, before the body is read), then the honeypot
// (`website` filled: a bot; answered as accepted with messageNo null, nothing stored), then
// the one schema and the files (by type, size and content).
import { FieldError, fail, ok, publicApi, CODE } from '@core/server';
import { K, MESSAGE_FILE_MAX, MESSAGE_FILE_MAX_MB } from '../message';
import { checkFiles, parseMessage, postMessage, type Upload } from '../message.server';
import { postLimit, takePoint } from '../limiter.server';

/** Three files of 20 MB and the form's text: anything larger is refused before it is read. */
const MAX_BODY = MESSAGE_FILE_MAX * MESSAGE_FILE_MAX_MB * 1024 * 1024 + 1024 * 1024;

export const action = publicApi(async ({ request, knex, t, ip }) => {
  const wait = await takePoint(knex, postLimit(), ip);
  if (wait !== null) return fail(t(`${K}.msg.tooMany`, { minutes: Math.ceil(wait / 60) }), CODE.ERROR, 429, { 'Retry-After': String(wait) });
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) throw new FieldError({ files: t('core:files.tooLarge', { mb: MESSAGE_FILE_MAX_MB }) });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new FieldError({ content: t(`${K}.msg.formOnly`) });
  }
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  if (text('website')?.trim()) return ok({ messageNo: null }, t(`${K}.msg.posted`));
  const input = parseMessage({ type: text('type'), name: text('name'), email: text('email'), contact: text('contact'), content: text('content') }, t);
  const entries = form.getAll('files').filter((v): v is File => typeof v !== 'string' && !!v.name);
  if (entries.length > MESSAGE_FILE_MAX) throw new FieldError({ files: t(`${K}.msg.tooManyFiles`, { max: MESSAGE_FILE_MAX }) });
  const files: Upload[] = [];
  for (const f of entries) files.push({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
  checkFiles(files, t);
  const { messageNo } = await postMessage(knex, input, files, ip);
  return ok({ messageNo }, t(`${K}.msg.posted`));
});

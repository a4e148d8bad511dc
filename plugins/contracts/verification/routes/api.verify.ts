// POST /api/contracts/verify (multipart `file`: a PDF) or GET /api/contracts/verify?contractId=…
// (a contract's current PDF, for its parties and the platform) or ?hash=… (a document the
// platform kept, found by its SHA-256, as the certificate page's QR code asks): the
// verification report.
import { ApiError, CODE, api, ok, storedFile } from '@core/server';
import { VERIFY_PERM } from '../../common';
import { contractFor } from '../../contracts/signing.server';
import { verifyDocument } from '../verify.server';

const MAX_BYTES = 20 * 1024 * 1024;

export const loader = api({ permission: VERIFY_PERM }, async ({ request, knex, user, t }) => {
  const search = new URL(request.url).searchParams;
  let fileId: number | null = null;
  if (search.get('contractId')) fileId = Number((await contractFor(knex, user, Number(search.get('contractId')), t)).file_id) || null;
  else if (/^[0-9a-f]{64}$/.test(search.get('hash') ?? '')) {
    const doc = await knex('ctr_document').where({ sha256: search.get('hash') }).orderBy('id', 'desc').first('contract_id', 'file_id');
    if (doc) await contractFor(knex, user, Number(doc.contract_id), t);
    fileId = doc ? Number(doc.file_id) : null;
  }
  const file = fileId ? await storedFile(knex, fileId) : null;
  if (!file) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return ok({ fileName: file.file.name, ...(await verifyDocument(knex, file.bytes, user)) });
});

export const action = api({ permission: VERIFY_PERM }, async ({ request, knex, user, t }) => {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(t('contracts:verification.msg.noFile'));
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new ApiError(t('contracts:verification.msg.noFile'));
  if (file.size > MAX_BYTES) throw new ApiError(t('contracts:verification.msg.tooLarge', { max: 20 }));
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) throw new ApiError(t('contracts:verification.msg.notPdf'));
  return ok({ fileName: file.name, ...(await verifyDocument(knex, bytes, user)) });
});

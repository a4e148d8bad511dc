// GET /api/customs/receipts?docType=&docId=: a document's receipts, to whoever may read it.
// POST /api/customs/receipts { docType } (回执刷新): reads the EDI inbox now.
import { ApiError, CODE, api, getRow, ok, readJson, type RequestContext } from '@core/server';
import { hasPermission } from '@core/shared';
import type { ReceiptTarget } from './receipts.server';
import { receiptsOf } from './receipts.server';
import { processInbox } from './inbox.server';

/** The receipt target of a document type, if the caller may read its documents. */
function target({ t, user, service, resource }: RequestContext, docType: string) {
  const targets = service<ReceiptTarget[]>('customs.receiptTargets');
  const tg = targets.find((x) => x.docType === docType);
  const sr = tg ? resource(tg.resource) : undefined;
  if (!sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  if (!hasPermission(user, sr.def.permissions.list)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  return { sr, targets };
}

export const loader = api({}, async (ctx) => {
  const url = new URL(ctx.request.url);
  const docType = url.searchParams.get('docType') ?? '';
  const { sr } = target(ctx, docType);
  const doc = await getRow(sr, ctx.user, Number(url.searchParams.get('docId')), ctx.t, ctx.knex);
  return ok(await receiptsOf(ctx.knex, docType, Number(doc.id)));
});

export const action = api({}, async (ctx) => {
  const body = await readJson(ctx.request);
  const { targets } = target(ctx, String(body.docType ?? ''));
  const run = await processInbox(ctx.knex, targets);
  return ok({ files: run.files, failedFiles: run.failedFiles, applied: run.outcomes.filter((o) => o.result === 'applied').length }, ctx.t('customs:receipts.refreshed'));
});

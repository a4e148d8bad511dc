// GET /api/customs/receipts?docType=&docId=: a document's receipts, to whoever may read it.
// POST /api/customs/receipts { docType } (回执刷新): reads the EDI inbox now.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';
import { ApiError, CODE, handleApi, ok, readJson } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { hasPermission } from '@core/rbac/menu';
import { getRegistry } from '@core/registry.server';
import { getRow } from '@core/resource/service.server';
import type { ReceiptTarget } from './receipts.server';
import { receiptsOf } from './receipts.server';
import { processInbox } from './inbox.server';

async function target(request: Request, docType: string) {
  const t = await getT(request);
  const user = await requireUser(request);
  const targets = getRegistry().service<ReceiptTarget[]>('customs.receiptTargets');
  const tg = targets.find((x) => x.docType === docType);
  const sr = tg ? getRegistry().resources.get(tg.resource) : undefined;
  if (!tg || !sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  if (!hasPermission(user, sr.def.permissions.list)) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  return { t, user, sr, targets };
}

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const url = new URL(request.url);
    const { t, user, sr } = await target(request, url.searchParams.get('docType') ?? '');
    const docId = Number(url.searchParams.get('docId'));
    const doc = await getRow(sr, user, docId, t);
    return ok(await receiptsOf(getKnex(), url.searchParams.get('docType')!, Number(doc.id)));
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const body = await readJson(request);
    const { t, targets } = await target(request, String(body.docType ?? ''));
    const run = await processInbox(getKnex(), targets);
    return ok({ files: run.files, failedFiles: run.failedFiles, applied: run.outcomes.filter((o) => o.result === 'applied').length }, t('customs:receipts.refreshed'));
  });

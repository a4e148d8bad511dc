// GET /api/customs/declaration/<id>/print: the declaration as a PDF in the official layout, to
// a user with the list permission who may see it (others: 403, or 404 as if it did not exist).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, CODE, getLang, getRow, getT, handleApi, requireUser } from '@core/server';
import { DECL_PERMISSIONS } from '../declaration';
import { declarationResource } from '../declaration.server';
import { loadCodeNames } from '../print/codes.server';
import { renderDeclarationPdf } from '../print/pdf.server';
import type { PrintDeclaration } from '../print/printable';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const t = await getT(request);
    const user = await requireUser(request, { permission: DECL_PERMISSIONS.print });
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
    const decl = (await getRow(declarationResource, user, id, t)) as PrintDeclaration;
    const pdf = await renderDeclarationPdf(decl, t, await getLang(request), await loadCodeNames(decl, user));
    const name = `${String(decl.seqNo)}.pdf`;
    return new Response(pdf, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `inline; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

// GET /api/customs/declaration/<id>/print: the declaration as a PDF in the official layout, to
// a user with the list permission who may see it (others: 403, or 404 as if it did not exist).
import { ApiError, CODE, api, getRow } from '@core/server';
import { DECL_PERMISSIONS } from '../declaration';
import { declarationResource } from '../declaration.server';
import { loadCodeNames } from '../print/codes.server';
import { renderDeclarationPdf } from '../print/pdf.server';
import type { PrintDeclaration } from '../print/printable';

export const loader = api({ permission: DECL_PERMISSIONS.print }, async (ctx) => {
  const { params, t, user, lang } = ctx;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  const decl = (await getRow(declarationResource, user, id, t)) as PrintDeclaration;
  const pdf = await renderDeclarationPdf(decl, t, lang, await loadCodeNames(decl, ctx));
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

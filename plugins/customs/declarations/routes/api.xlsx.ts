// GET /api/customs/declaration/<id>/xlsx: the declaration (header, goods lines, documents) as a
// workbook, to a user with the list permission who may see it (others: 403 / 404).
import { ApiError, CODE, api, getRow } from '@core/server';
import { DECL_PERMISSIONS } from '../declaration';
import { declarationResource } from '../declaration.server';
import { loadCodeNames } from '../print/codes.server';
import type { PrintDeclaration } from '../print/printable';
import { renderDeclarationXlsx } from '../print/xlsx.server';

export const loader = api({ permission: DECL_PERMISSIONS.print }, async (ctx) => {
  const { params, t, user, lang } = ctx;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  const decl = (await getRow(declarationResource, user, id, t)) as PrintDeclaration;
  const xlsx = await renderDeclarationXlsx(decl, t, { names: await loadCodeNames(decl, ctx), lang: lang });
  const name = `${String(decl.seqNo)}.xlsx`;
  return new Response(new Uint8Array(xlsx), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Length': String(xlsx.length),
      'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});

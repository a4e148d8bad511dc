// GET /api/customs/declaration/<id>/print | xlsx: a declaration as a file, to a user with the
// print permission who may see it (others: 403, or 404 as if it did not exist).
import { ApiError, CODE, api, getRow, type RequestContext } from '@core/server';
import { DECL_PERMISSIONS } from '../declaration';
import { declarationResource } from '../declaration.server';
import { loadCodeNames } from './codes.server';
import type { CodeNames, PrintDeclaration } from './printable';

export const declarationFile = (respond: (decl: PrintDeclaration, ctx: RequestContext, names: CodeNames) => Promise<Response>) =>
  api({ permission: DECL_PERMISSIONS.print }, async (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || id <= 0) throw new ApiError(ctx.t('core:resource.notFound'), CODE.NOT_FOUND, 404);
    const decl = (await getRow(declarationResource, ctx.user, id, ctx.t)) as PrintDeclaration;
    return respond(decl, ctx, await loadCodeNames(decl, ctx));
  });

// GET /api/customs/declaration/<id>/print: the declaration as a PDF in the official layout (see print/file.server.ts).
import { download } from '@core/server';
import { declarationFile } from '../print/file.server';
import { renderDeclarationPdf } from '../print/pdf.server';

export const loader = declarationFile(async (decl, { t, lang }, names) => download(await renderDeclarationPdf(decl, t, lang, names), `${String(decl.seqNo)}.pdf`, 'application/pdf', 'inline'));

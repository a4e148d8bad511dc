// GET /api/customs/declaration/<id>/print: the declaration as a PDF in the official layout (see print/file.server.ts).
import { download } from '@core/server';
import { declarationFile } from '../print/file.server';

// The layout, pdfkit and the fonts load on the first print, not in every web process at start.
export const loader = declarationFile(async (decl, { t, lang }, names) => {
  const { renderDeclarationPdf } = await import('../print/pdf.server');
  return download(await renderDeclarationPdf(decl, t, lang, names), `${String(decl.seqNo)}.pdf`, 'application/pdf', 'inline');
});

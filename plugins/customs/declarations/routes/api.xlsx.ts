// GET /api/customs/declaration/<id>/xlsx: the declaration (header, goods lines, documents) as a workbook (see print/file.server.ts).
import { XLSX, download } from '@core/server';
import { declarationFile } from '../print/file.server';
import { renderDeclarationXlsx } from '../print/xlsx.server';

export const loader = declarationFile(async (decl, { t, lang }, names) => download(await renderDeclarationXlsx(decl, t, { names, lang }), `${String(decl.seqNo)}.xlsx`, XLSX));

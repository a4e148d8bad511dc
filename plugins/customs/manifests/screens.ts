// The five documents' screens (/customsDeclare/<document>) on the generic resource page, each with
// its document editor and 查看 (documentScreen.tsx); index.ts places their menu entries.
import type { ScreenDef } from '@core/shared';
import { CUSTOMS_DECLARE_MENU, DOCUMENTS } from './document';
import { MANIFEST_DOCUMENTS } from './manifest';
import { REPORT_DOCUMENTS } from './report';

const documents = { ...MANIFEST_DOCUMENTS, ...REPORT_DOCUMENTS };

export const screens: ScreenDef[] = DOCUMENTS.map((name) => ({
  path: `${CUSTOMS_DECLARE_MENU}/${name}`,
  resource: documents[name].resource,
  document: documents[name],
  ui: () => import('./documentScreen').then((m) => ({ default: m.documentScreen(documents[name]) })),
}));

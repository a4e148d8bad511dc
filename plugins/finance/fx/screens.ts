// FX applications (the applicant's and platform's, and the bank's review of the same resource
// under its own menu) and RMB statements, each a document, on the generic resource page;
// index.ts places their menu entries.
import type { ScreenDef } from '@core/shared';
import { bankReviewDef, fxApplicationDef, fxApplicationDocument } from './fx';
import { rmbStatementDef, rmbStatementDocument } from './rmb';

export const screens: ScreenDef[] = [
  { path: 'expense/fxSettlement', resource: fxApplicationDef, document: fxApplicationDocument, ui: () => import('./ui/fxSettlement') },
  { path: 'bankCenter/remittanceReview', resource: bankReviewDef, ui: () => import('./ui/FileSection') },
  { path: 'expense/rmbStatement', resource: rmbStatementDef, document: rmbStatementDocument, ui: () => import('./ui/rmbStatement') },
];

// Import and export declarations on the generic resource page, with the declaration editor
// (ui/declaration.tsx); index.ts places the menu entry.
import type { ScreenDef } from '@core/shared';
import { declarationDef } from './declaration';

export const screens: ScreenDef[] = [{ path: 'customsDeclare/declaration', resource: declarationDef, ui: () => import('./ui/declaration') }];

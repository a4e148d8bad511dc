// Dispatch attributes and dispatch rules on the generic resource page; index.ts places their
// menu leaves under 智能派单. A rule opens its document form (line and customer by scope).
import type { ScreenDef } from '@core/shared';
import { dispatchAttributeDef, dispatchRuleDef, dispatchRuleDocument } from './dispatch';

export const screens: ScreenDef[] = [
  { path: 'smartorderassignment/dispatchattributes', resource: dispatchAttributeDef },
  { path: 'smartorderassignment/dispatchrules', resource: dispatchRuleDef, document: dispatchRuleDocument },
];

// The plugin's screens, free of server code (the browser takes the declarations from here):
// the menu leaves and the permissions of both are derived from their resources.
import type { ScreenDef } from '@core/shared';
import { greetingDef } from './greeting';
import { cardDef, cardDocument } from './card';

export const screens: ScreenDef[] = [
  // Its own page module: the resource page under the plugin's title (data-testid partner-hello).
  { path: 'partner/hello', resource: greetingDef, menu: { parent: 'partner', order: 10 }, file: 'routes/hello.tsx' },
  // The generic page; add and edit open the card's document editor.
  { path: 'partner/card', resource: cardDef, document: cardDocument, menu: { parent: 'partner', order: 20 } },
];
